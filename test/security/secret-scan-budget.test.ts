import { randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { SECRET_SCAN_SLICE_CHARS } from '../../src/common/secret-scan-slices.js';
import { createPasteAsForm } from '../helpers/pastes.js';
import { signedIn, withTestApp } from '../helpers/test-app.js';

/**
 * The secret scan of a public create or edit never holds the server: it runs in slices with a
 * turn of the event loop between them, within a time budget; past the budget the answer says so.
 */

/** What happened, in order: each slice the scanner was given (its length), each answer. */
const events = vi.hoisted(() => [] as (number | 'health' | 'done')[]);

vi.mock('../../src/common/secret-scan.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/common/secret-scan.js')>();
  return {
    ...real,
    createSecretScanner: () => {
      const scanner = real.createSecretScanner();
      return {
        push: (text: string) => {
          events.push(text.length);
          scanner.push(text);
        },
        end: () => scanner.end(),
      };
    },
  };
});

const MB = 1024 * 1024;
/** About 10 MB of one short line again and again: each line holds what the scan looks closer at. */
const tenMegabytesOf = (line: string) => line.repeat(Math.floor((10 * MB) / line.length) - 1);

/** A fake AWS key id made here, so no credential sits in our sources. */
const fakeAwsKey = () =>
  `${'AKIA'}${Array.from(randomBytes(16), (b) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'[b % 32]).join('')}`;

/**
 * Sends `request`, and health checks one after another until it is answered; returns its answer
 * and how many health checks were answered between the scan's first and last slice.
 */
async function withHealthChecks<T>(base: string, request: () => Promise<T>) {
  events.length = 0;
  let answered = false;
  const pending = request().finally(() => {
    answered = true;
    events.push('done');
  });
  let slowestMs = 0;
  while (!answered) {
    const sent = performance.now();
    const res = await fetch(`${base}/healthz`);
    await res.text();
    slowestMs = Math.max(slowestMs, performance.now() - sent);
    events.push('health');
  }
  const answer = await pending;
  const slices = events.flatMap((e, i) => (typeof e === 'number' ? [i] : []));
  const during = events.slice(slices[0], slices.at(-1)).filter((e) => e === 'health').length;
  // A report, never a pass condition: a loaded machine is slow, not broken.
  console.info(
    `${slices.length} slices; ${during} health checks answered among them; slowest ${slowestMs.toFixed(0)} ms`,
  );
  return {
    answer,
    slices: slices.length,
    during,
    longest: Math.max(...events.filter((e) => typeof e === 'number')),
  };
}

describe('a 10 MB public paste scanned whole', () => {
  // A budget no machine reaches: the whole text is scanned, slice by slice.
  const t = withTestApp({ each: false, env: { SECRET_SCAN_BUDGET_MS: '60000' } });

  for (const line of ['key\n', 'pwd=x\n']) {
    it(`answers other requests between the slices of its scan, on create and on edit (${JSON.stringify(line)} lines)`, async () => {
      const { client } = await signedIn(t);
      const content = tenMegabytesOf(line);
      const created = await withHealthChecks(t.baseUrl, () =>
        client.post('/api/pastes', { content, privacy: 'public', expiration: '1d' }),
      );
      expect(created.answer.status).toBe(201);
      expect(created.answer.body.scanIncomplete).toBeUndefined();
      expect(created.slices).toBeGreaterThanOrEqual(Math.floor(content.length / SECRET_SCAN_SLICE_CHARS));
      expect(created.longest).toBeLessThanOrEqual(SECRET_SCAN_SLICE_CHARS);
      // Another request was answered while the scan was under way, again and again.
      expect(created.during).toBeGreaterThanOrEqual(10);

      const edited = await withHealthChecks(t.baseUrl, () =>
        client.put(`/api/pastes/${created.answer.body.id}`, {
          content: tenMegabytesOf(line === 'key\n' ? 'pwd=x\n' : 'key\n'),
        }),
      );
      expect(edited.answer.status).toBe(200);
      expect(edited.answer.body).toEqual({ id: created.answer.body.id, revision: 2 });
      expect(edited.longest).toBeLessThanOrEqual(SECRET_SCAN_SLICE_CHARS);
      expect(edited.during).toBeGreaterThanOrEqual(10);
    });
  }
});

describe('a scan past its budget', () => {
  // 0: one slice, then the budget is spent, whatever the machine.
  const t = withTestApp({ each: false, env: { SECRET_SCAN_BUDGET_MS: '0' } });

  it('answers the findings so far and scanIncomplete, on create (JSON and multipart) and on edit', async () => {
    const first = fakeAwsKey();
    const content = `aws_access_key_id = ${first}\n${'x = 1\n'.repeat(100_000)}aws_access_key_id = ${fakeAwsKey()}\n`;
    const json = await t.client().post('/api/pastes', { content, privacy: 'public', expiration: '1d' });
    expect(json.status).toBe(201);
    expect(json.body).toMatchObject({
      secretsFound: [{ kind: 'aws-access-key', line: 1 }],
      scanIncomplete: true,
    });
    expect(json.body.secretsFound).toHaveLength(1);
    const form = await createPasteAsForm(t.client(), content, { expiration: '1d' });
    expect(form).toMatchObject({ secretsFound: [{ kind: 'aws-access-key', line: 1 }], scanIncomplete: true });

    const { client } = await signedIn(t);
    const { id } = (await client.post('/api/pastes', { content: 'start\n', expiration: '1d' })).body;
    const edit = await client.put(`/api/pastes/${id}`, { content });
    expect(edit.body).toEqual({
      id,
      revision: 2,
      secretsFound: [{ kind: 'aws-access-key', line: 1 }],
      scanIncomplete: true,
    });
    // A text one slice holds is scanned whole, budget or not.
    const small = await t.client().post('/api/pastes', { content: `token: ${first}\n`, expiration: '1d' });
    expect(small.body.scanIncomplete).toBeUndefined();
    // Nothing is said of pastes that are not scanned.
    const unlisted = await t.client().post('/api/pastes', { content, privacy: 'unlisted', expiration: '1d' });
    expect(unlisted.body).toEqual({ id: unlisted.body.id, creatorToken: unlisted.body.creatorToken });
  });
});

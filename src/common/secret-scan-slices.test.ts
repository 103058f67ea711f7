import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SECRET_SCAN_MAX_CHARS } from './constants.js';
import { scanForSecrets } from './secret-scan.js';
import {
  createSlicedSecretScan,
  SECRET_SCAN_SLICE_CHARS,
  scanForSecretsInSlices,
} from './secret-scan-slices.js';

/** A fake AWS key id made here, so no credential sits in our sources. */
const fakeKey = () =>
  `${'AKIA'}${Array.from(randomBytes(16), (b) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'[b % 32]).join('')}`;

/** A clock each reading of which is `step` ms after the last: every slice then "takes" `step`. */
function steppingClock(step: number) {
  let t = 0;
  return () => {
    t += step;
    return t;
  };
}

function countingPause() {
  const pause = async () => {
    pause.calls += 1;
  };
  pause.calls = 0;
  return pause;
}

describe('the secret scan in slices', () => {
  it('finds what the whole scan finds, with a pause between slices, whatever the pieces pushed', async () => {
    const filler = 'x = 1\n'.repeat(5_000); // 30,000 characters: two slices
    const text = `${filler}aws = ${fakeKey()}\n${filler}key: ${fakeKey()}\n`;
    const pause = countingPause();
    const whole = await scanForSecretsInSlices(text, { budgetMs: 1e9, pause });
    expect(whole).toEqual({ findings: scanForSecrets(text), complete: true, scannedChars: text.length });
    expect(whole.findings).toHaveLength(2);
    expect(pause.calls).toBe(Math.ceil(text.length / SECRET_SCAN_SLICE_CHARS) - 1);
    for (const piece of [1_000, 40_000]) {
      const scan = createSlicedSecretScan({ budgetMs: 1e9, pause: countingPause() });
      for (let at = 0; at < text.length; at += piece) await scan.push(text.slice(at, at + piece));
      expect(scan.end()).toEqual(whole);
    }
  });

  it('stops once its time budget is spent, with the findings so far, and says so', async () => {
    const slice = 'x = 1\n'.repeat(Math.ceil(SECRET_SCAN_SLICE_CHARS / 6)).slice(0, SECRET_SCAN_SLICE_CHARS);
    const text = `aws = ${fakeKey()}\n${slice.repeat(5)}aws = ${fakeKey()}\n`;
    // Each slice takes 10 ms by this clock: the third passes the 25 ms budget, the fourth never runs.
    const scan = await scanForSecretsInSlices(text, {
      budgetMs: 25,
      pause: countingPause(),
      now: steppingClock(10),
    });
    expect(scan.complete).toBe(false);
    expect(scan.scannedChars).toBe(3 * SECRET_SCAN_SLICE_CHARS);
    expect(scan.findings).toEqual([{ kind: 'aws-access-key', line: 1 }]);
    // A budget of 0 still scans one slice; text one slice holds is then scanned whole.
    const one = await scanForSecretsInSlices(text, { budgetMs: 0, pause: countingPause() });
    expect(one).toMatchObject({ complete: false, scannedChars: SECRET_SCAN_SLICE_CHARS });
    const small = await scanForSecretsInSlices(`aws = ${fakeKey()}\n`, {
      budgetMs: 0,
      pause: countingPause(),
    });
    expect(small).toMatchObject({ complete: true, findings: [{ kind: 'aws-access-key', line: 1 }] });
  });

  it(`reads ${SECRET_SCAN_MAX_CHARS / 1024 / 1024} MB of text at most, and says when there was more`, async () => {
    const text = 'x'.repeat(SECRET_SCAN_MAX_CHARS);
    expect(await scanForSecretsInSlices(text, { budgetMs: 1e9, pause: async () => {} })).toMatchObject({
      complete: true,
      scannedChars: SECRET_SCAN_MAX_CHARS,
    });
    const scan = createSlicedSecretScan({ budgetMs: 1e9, pause: async () => {} });
    await scan.push(text);
    await scan.push('one character more');
    expect(scan.end()).toMatchObject({ complete: false, scannedChars: SECRET_SCAN_MAX_CHARS });
  });
});

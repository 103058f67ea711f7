import { describe, expect, it } from 'vitest';
import { documentMismatch } from '../helpers/openapi-answers.js';
import { figureProblems, newestRun } from './bench-figures.js';
import { withClaimsSite } from './claims-site.js';
import { concretePath, templateMatches } from './routes.js';
import { readReturns, shapeMismatches } from './shapes.js';
import { currentDecisions, readProjectFile } from './texts.js';

/** The README, docs/operations.md, docs/decisions.md and docs/api.md against the server and the bench. */
const site = withClaimsSite();
const bench = readProjectFile('bench/README.md');

describe('throughput figures', () => {
  for (const file of ['README.md', 'docs/operations.md']) {
    it(`in ${file} are bench/README.md's, of the runs they date, the newest among them`, () => {
      const text = readProjectFile(file);
      expect(figureProblems(text, bench)).toEqual([]);
      expect(text).toContain(newestRun(bench));
    });
  }

  it('catch a speed without its run, and a figure its run does not have', () => {
    expect(figureProblems('Reads 38–44k req/s.', bench)).toHaveLength(1);
    expect(figureProblems('On 2026-11-27: 24.4k req/s.', bench)).toEqual([]);
    expect(figureProblems('On 2026-11-27: 24.5k req/s.', bench)[0]?.problem).toMatch(/24\.5k is not/);
  });
});

describe('docs/decisions.md', () => {
  const log = readProjectFile('docs/decisions.md');
  const titles = [...log.matchAll(/^## (.*)$/gm)].map((m) => m[1]!);

  it('marks a replaced entry with the title of the later one', () => {
    const marks = titles.flatMap((title, i) => {
      const m = /\((?:partly )?replaced: see “(.+)” below\)$/.exec(title);
      return m ? [{ i, later: m[1]! }] : [];
    });
    expect(marks.length).toBeGreaterThanOrEqual(5);
    for (const { i, later } of marks) expect(titles.slice(i + 1), later).toContain(later);
  });

  it('keeps no current entry whose limit the server contradicts', async () => {
    const current = [...currentDecisions(log).matchAll(/^## (.*)$/gm)].map((m) => m[1]!);
    const json = current.flatMap((t) => [...(/JSON stays under (\d+) MiB/.exec(t)?.slice(1) ?? [])]);
    const inline = current.flatMap((t) => [...(/inline up to (\d+) KiB/.exec(t)?.slice(1) ?? [])]);
    expect(json.length + inline.length).toBeGreaterThan(0);
    const paste = (content: string) =>
      site.member.post('/api/pastes', { content, privacy: 'public', expiration: '1d' });
    for (const mib of json) expect((await paste('j'.repeat(Number(mib) * 1024 * 1024 + 1))).status).toBe(413);
    for (const kib of inline) {
      const stored = async (bytes: number) => {
        const { id } = (await paste('i'.repeat(bytes))).body;
        const row = await site.t.db.kysely
          .selectFrom('pastes')
          .select('content')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        return row.content === null ? 'blob store' : 'row';
      };
      expect(await stored(Number(kib) * 1024)).toBe('row');
      expect(await stored(Number(kib) * 1024 + 1)).toBe('blob store');
    }
  });
});

describe('docs/api.md', () => {
  const doc = readProjectFile('docs/api.md');
  /** Each section under a route's heading: `### POST /api/vip/banner`. */
  const sections = [...doc.matchAll(/^### (GET|POST|PUT|DELETE) (\S+)[^\n]*\n([\s\S]*?)(?=^##)/gm)].map(
    (m) => ({
      method: m[1]!,
      route: m[2]!.split('?')[0]!,
      body: m[3]!,
    }),
  );

  function operation(method: string, route: string) {
    const path = concretePath(route);
    const params = (template: string) => template.split('{').length;
    const found = Object.entries(site.openapi.paths)
      .filter(([template, ops]) => templateMatches(template, path) && method.toLowerCase() in ops)
      .sort(([a], [b]) => params(a) - params(b))[0];
    return found ? { template: found[0], ...found[1][method.toLowerCase()]! } : undefined;
  }

  it('shows answers of the shapes the server documents', () => {
    const answers = sections.flatMap((s) =>
      [...s.body.matchAll(/\*\*(\d{3})[^*\n]*\*\*\s*`(\{[^`]*\})`/g)].map((m) => ({
        ...s,
        status: m[1]!,
        text: m[2]!,
      })),
    );
    expect(answers.length).toBeGreaterThan(20);
    const wrong = answers.flatMap(({ method, route, status, text }) => {
      const responses = operation(method, route)?.responses ?? {};
      const response = responses[status] ?? responses[`${status[0]}XX`];
      const schema = response?.content?.['application/json']?.schema;
      if (!schema) return [`${method} ${route}: no JSON answer ${status} in the OpenAPI document`];
      return shapeMismatches(readReturns(text)!.shape, schema).map(
        (m) => `${method} ${route} ${status}: ${m}`,
      );
    });
    expect(wrong).toEqual([]);
  });

  it('gives whole examples the server’s document accepts', () => {
    const examples = sections.flatMap((s) =>
      [...s.body.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => ({ ...s, json: m[1]! })),
    );
    expect(examples.length).toBeGreaterThanOrEqual(2);
    for (const { method, route, json } of examples) {
      const op = operation(method, route)!;
      const status = Number(Object.keys(op.responses).find((s) => /^2\d\d$/.test(s)));
      const answer = {
        method,
        route: op.template.replace(/\{(\w+)\}/g, ':$1'),
        status,
        contentType: 'application/json',
        body: json,
      };
      expect(documentMismatch(site.openapi, answer), `${method} ${route}`).toBeNull();
    }
  });
});

describe('docs/operations.md', () => {
  it('says error answers carry the request id, and they do', async () => {
    expect(readProjectFile('docs/operations.md')).toMatch(/error answers carry the same\s+id as `requestId`/);
    const refusals = [
      await site.t.client().get('/api/user'),
      await site.t.client().get('/api/pastes/AAAAAAAAAAAA'),
      await site.t.client().post('/api/pastes', {}),
    ];
    expect(refusals.map((r) => r.status)).toEqual([401, 404, 400]);
    for (const r of refusals) expect(r.body.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });
});

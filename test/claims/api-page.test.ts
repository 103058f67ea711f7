import { describe, expect, it } from 'vitest';
import { memberSections } from '../../src/web/pages/api-docs/member-endpoints.js';
import { publicSection } from '../../src/web/pages/api-docs/public-endpoints.js';
import { WITHOUT_API_KEYS } from '../../src/web/pages/api-docs/without-api-keys.js';
import type { HttpClient } from '../helpers/http-client.js';
import { withClaimsSite } from './claims-site.js';
import { renderPages } from './page-texts.js';
import { concretePath, templateMatches } from './routes.js';
import { readReturns, shapeMismatches } from './shapes.js';

/** What the API page says each endpoint answers, and how API keys behave, against the server. */
const site = withClaimsSite();
const endpoints = [publicSection, ...memberSections].flatMap((s) => s.endpoints);

/** The document's operation for a written route (`/api/pastes/upload/chunk` is not `…/{uploadId}`). */
function operationOf(method: string, path: string) {
  const request = concretePath(path.split('?')[0]!);
  const params = (template: string) => template.split('{').length;
  return Object.entries(site.openapi.paths)
    .filter(([template, ops]) => templateMatches(template, request) && method.toLowerCase() in ops)
    .sort(([a], [b]) => params(a) - params(b))[0]?.[1][method.toLowerCase()];
}

describe('the API page', () => {
  it('is what a signed-in user sees, every endpoint with it', () => {
    for (const e of endpoints) expect(site.pages.api).toContain(`${e.method} ${e.path}`);
  });

  it('promises the answer shapes the server documents and validates', () => {
    const promised = endpoints.filter((e) => e.returns && readReturns(e.returns));
    expect(promised.length).toBeGreaterThan(15);
    const wrong = promised.flatMap((e) => {
      const { status, shape } = readReturns(e.returns!)!;
      const responses = operationOf(e.method, e.path)?.responses ?? {};
      const code = status ?? Number(Object.keys(responses).find((s) => /^2\d\d$/.test(s)));
      const schema = responses[String(code)]?.content?.['application/json']?.schema;
      if (!schema) return [`${e.method} ${e.path}: no JSON answer ${code} in the OpenAPI document`];
      return shapeMismatches(shape, schema).map((m) => `${e.method} ${e.path}: ${m}`);
    });
    expect(wrong).toEqual([]);
  });

  it('names every message a missing, wrong or switched-off API key gets', async () => {
    const key = (await site.member.post('/api/user/regenerate-api-key', {})).body.apiKey as string;
    const v1 = (headers: Record<string, string>) => site.t.client().get('/api/v1/pastes', { headers });
    const answers = [await v1({}), await v1({ 'x-api-key': 'pb_wrong' })];
    await site.t.app.services.settings.update({ enableApiKeys: false });
    answers.push(await v1({ 'x-api-key': key }));
    await site.t.app.services.settings.update({ enableApiKeys: true });
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401]);
    for (const { body } of answers) {
      expect(site.pages.api).toContain(`401 { "error": "${body.error}", "message": "${body.message}" }`);
    }
  });

  it('says what turning API keys off turns off, and what a signed-in user keeps', async () => {
    const key = (await site.member.post('/api/user/regenerate-api-key', {})).body.apiKey as string;
    /** Each route as this website calls it: /api/v1 by key, the rest by session. */
    const call = (route: string): Promise<number> => {
      const [method, path] = route.split(' ') as [string, string];
      const byKey = path.startsWith('/api/v1/');
      const client: HttpClient = byKey ? site.t.client() : site.member;
      const headers: Record<string, string> = byKey ? { 'x-api-key': key } : {};
      return client
        .request(method, path, method === 'GET' ? undefined : {}, { headers })
        .then((r) => r.status);
    };
    const refused = (status: number) => status === 401 || status === 403;
    for (const route of WITHOUT_API_KEYS.off) expect(refused(await call(route)), route).toBe(false);

    await site.t.app.services.settings.update({ enableApiKeys: false });
    try {
      const settings = (await site.member.get('/api/settings/public')).body;
      const page = renderPages(settings, (await site.member.get('/api/user')).body, site.t.baseUrl).api;
      for (const route of [...WITHOUT_API_KEYS.off, ...WITHOUT_API_KEYS.stillOn])
        expect(page).toContain(route);
      for (const route of WITHOUT_API_KEYS.off) expect(refused(await call(route)), route).toBe(true);
      for (const route of WITHOUT_API_KEYS.stillOn) expect(refused(await call(route)), route).toBe(false);
    } finally {
      await site.t.app.services.settings.update({ enableApiKeys: true });
    }
  });
});

import { describe, expect, it } from 'vitest';
import { TOKEN_SCOPES, type TokenScope } from '../../src/common/constants.js';
import type { RouteScope } from '../../src/common/policies.js';
import { ACCESS_TOKEN_MESSAGES, outOfScopeMessage } from '../../src/common/schemas/access-tokens.js';
import type { HttpClient } from '../helpers/http-client.js';
import { createPaste } from '../helpers/pastes.js';
import { ADMIN, loginClient, signedIn, withTestApp } from '../helpers/test-app.js';

/**
 * What an access token needs on each route that takes API credentials. A route that takes them
 * but is missing here (or differs) fails: adding one means deciding, here, which scope it needs.
 */
const EXPECTED_SCOPES: Record<string, RouteScope> = {
  'GET /api/user': 'account:read',
  'POST /api/v1/pastes': 'pastes:write',
  'GET /api/v1/pastes': 'pastes:read',
  'GET /api/v1/pastes/:id': 'pastes:read',
  'GET /api/pastes/:id/raw': 'pastes:read',
  'GET /api/pastes/:id/download': 'pastes:read',
  'GET /api/pastes/:id/revisions': 'pastes:read',
  'GET /api/pastes/:id/revisions/:n': 'pastes:read',
  'GET /api/pastes/:id/revisions/:n/raw': 'pastes:read',
  'GET /api/pastes/:id/revisions/:n/download': 'pastes:read',
  'PUT /api/pastes/:id': 'pastes:write',
  'POST /api/pastes/:id/request-delete': 'pastes:write',
  'POST /api/pastes/upload/init': 'pastes:write',
  'POST /api/pastes/upload/chunk': 'pastes:write',
  'POST /api/pastes/upload/finalize': 'pastes:write',
  'POST /api/pastes/upload/cancel': 'pastes:write',
  'GET /api/pastes/upload/:uploadId': 'pastes:write',
  'DELETE /api/pastes/:id': 'admin',
  'GET /api/teams': 'account:read',
  'GET /api/teams/:slug': 'account:read',
  'POST /api/teams': 'key-only',
  'PATCH /api/teams/:slug': 'key-only',
  'DELETE /api/teams/:slug': 'key-only',
  'PUT /api/teams/:slug/members': 'key-only',
  'DELETE /api/teams/:slug/members/:username': 'key-only',
  'GET /api/pastes/:id/shares': 'pastes:read',
  'PUT /api/pastes/:id/shares': 'pastes:write',
  'GET /api/pastes/:id/share-history': 'pastes:read',
  'GET /api/pastes/:id/files/:name/raw': 'pastes:read',
  'GET /api/pastes/:id/files/:name/download': 'pastes:read',
  'GET /api/shared-with-me': 'pastes:read',
  'GET /api/collections': 'pastes:read',
  'POST /api/collections': 'pastes:write',
  'GET /api/collections/:id': 'pastes:read',
  'PATCH /api/collections/:id': 'pastes:write',
  'DELETE /api/collections/:id': 'pastes:write',
  'POST /api/collections/:id/pastes/:pasteId': 'pastes:write',
  'DELETE /api/collections/:id/pastes/:pasteId': 'pastes:write',
};

const t = withTestApp();

/** The two ways of sending a credential: X-API-Key and Authorization: Bearer. */
const ways = (credential: string): Record<string, string>[] => [
  { 'x-api-key': credential },
  { authorization: `Bearer ${credential}` },
];

async function adminWithTokens(): Promise<{ admin: HttpClient; tokens: Record<TokenScope, string> }> {
  const admin = await loginClient(t, ADMIN.username, ADMIN.password);
  await admin.put('/api/settings', { enableAccessTokens: true });
  const tokens = {} as Record<TokenScope, string>;
  for (const scope of TOKEN_SCOPES) {
    const res = await admin.post('/api/account/tokens', { name: `only ${scope}`, scopes: [scope] });
    expect(res.status, res.text).toBe(201);
    tokens[scope] = res.body.token;
  }
  return { admin, tokens };
}

describe('access token scopes', () => {
  it('names the scope every API-credential route needs, exactly as in the table', () => {
    const actual = Object.fromEntries(
      t.app.routeAccess.filter((r) => r.apiKey).map((r) => [`${r.method} ${r.url}`, r.tokenScope]),
    );
    expect(actual).toEqual(EXPECTED_SCOPES);
  });

  it('refuses each scope on a representative route of every other kind, with 403 and the scope named', async () => {
    const { admin, tokens } = await adminWithTokens();
    const { id } = await createPaste(admin, { content: 'kept' });
    let teams = 0;
    // One route of each kind: the call, and what it answers when the scope fits.
    const kinds: {
      scope: RouteScope;
      call: (c: HttpClient, h: Record<string, string>) => Promise<number>;
    }[] = [
      {
        scope: 'pastes:read',
        call: async (c, h) => (await c.get(`/api/v1/pastes/${id}`, { headers: h })).status,
      },
      {
        scope: 'pastes:write',
        call: async (c, h) => (await c.post('/api/v1/pastes', { content: 'x' }, { headers: h })).status,
      },
      { scope: 'account:read', call: async (c, h) => (await c.get('/api/user', { headers: h })).status },
      {
        scope: 'admin',
        call: async (c, h) => {
          const victim = await createPaste(admin, { content: 'to delete' });
          return (await c.delete(`/api/pastes/${victim.id}`, { headers: h })).status;
        },
      },
      {
        scope: 'key-only',
        call: async (c, h) =>
          (await c.post('/api/teams', { name: 'T', slug: `team-${++teams}` }, { headers: h })).status,
      },
    ];
    const expectedOk: Record<string, number> = {
      'pastes:read': 200,
      'pastes:write': 201,
      'account:read': 200,
      admin: 200,
    };
    for (const scope of TOKEN_SCOPES) {
      for (const kind of kinds) {
        for (const headers of ways(tokens[scope])) {
          const client = t.client();
          const status = await kind.call(client, headers);
          const label = `${scope} token on a ${kind.scope} route via ${Object.keys(headers)[0]}`;
          expect(status, label).toBe(kind.scope === scope ? expectedOk[scope] : 403);
        }
      }
    }
    // The refusal says what is missing.
    const refused = await t
      .client()
      .get('/api/v1/pastes', { headers: { 'x-api-key': tokens['account:read'] } });
    expect(refused.body).toMatchObject({ error: 'TOKEN_SCOPE', message: outOfScopeMessage('pastes:read') });
    const keyOnly = await t
      .client()
      .post('/api/teams', { name: 'T', slug: 'tt' }, { headers: { 'x-api-key': tokens.admin } });
    expect(keyOnly.body).toMatchObject({ error: 'TOKEN_SCOPE', message: ACCESS_TOKEN_MESSAGES.keyOnly });
  });

  it('refuses a token before the body is read or validated', async () => {
    const { tokens } = await adminWithTokens();
    const res = await t
      .client()
      .post('/api/v1/pastes', { not: 'a paste' }, { headers: { 'x-api-key': tokens['pastes:read'] } });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('TOKEN_SCOPE');
  });

  it('never lets a token onto a route that takes no API credentials, nor make more tokens', async () => {
    const { tokens } = await adminWithTokens();
    const all = await loginClient(t, ADMIN.username, ADMIN.password);
    const full = (await all.post('/api/account/tokens', { name: 'all', scopes: [...TOKEN_SCOPES] })).body
      .token;
    for (const headers of ways(full)) {
      expect((await t.client().get('/api/account/tokens', { headers })).status).toBe(401);
      expect(
        (await t.client().post('/api/account/tokens', { name: 'n', scopes: ['admin'] }, { headers })).status,
      ).toBe(401);
      expect((await t.client().get('/api/settings', { headers })).status).toBe(401);
      expect((await t.client().get('/api/admin/users', { headers })).status).toBe(401);
    }
    expect(tokens.admin).toMatch(/^pst_[A-Za-z0-9_-]{32}$/);
  });

  it('gives the pb_ key full access of its owner, as before, on every kind of route', async () => {
    const { client } = await signedIn(t);
    const key = (await client.post('/api/user/regenerate-api-key')).body.apiKey as string;
    for (const headers of ways(key)) {
      const c = t.client();
      expect((await c.get('/api/user', { headers })).status).toBe(200);
      expect((await c.post('/api/v1/pastes', { content: 'k' }, { headers })).status).toBe(201);
      expect((await c.get('/api/v1/pastes', { headers })).status).toBe(200);
      const slug = `keyed-${Object.keys(headers)[0]!.length}`;
      expect((await c.post('/api/teams', { name: 'Keyed', slug }, { headers })).status).toBe(201);
    }
  });
});

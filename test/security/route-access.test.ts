import { describe, expect, it } from 'vitest';
import type { Access } from '../../src/server/plugins/types.js';
import { signedIn, withTestApp } from '../helpers/test-app.js';

/**
 * Who may call each API route. A route that exists but is missing here (or differs) fails the
 * test: adding a route means deciding, here, who may call it.
 */
const EXPECTED: Record<string, Access> = {
  'GET /api/settings/public': 'public',
  'GET /api/setup/status': 'public',
  'GET /api/setup/test-database': 'setup',
  'POST /api/setup/test-email': 'setup',
  'POST /api/setup': 'public',
  'POST /api/register': 'public',
  'POST /api/login': 'public',
  'POST /api/logout': 'public',
  'GET /api/user': 'public',
  'GET /api/verify-email/:token': 'public',
  'GET /api/auth/providers': 'public',
  'GET /api/auth/oidc/:id/start': 'public',
  'GET /api/auth/oidc/:id/callback': 'public',
  'POST /api/auth/ldap/:id/login': 'public',
  'POST /api/auth/second-factor': 'public',
  'GET /api/account/second-factor': 'signed-in',
  'POST /api/account/second-factor/totp': 'signed-in',
  'POST /api/account/second-factor/totp/confirm': 'signed-in',
  'POST /api/account/second-factor/disable': 'signed-in',
  'GET /api/account/passkeys': 'signed-in',
  'POST /api/account/passkeys/registration-options': 'signed-in',
  'POST /api/account/passkeys': 'signed-in',
  'PATCH /api/account/passkeys/:id': 'signed-in',
  'DELETE /api/account/passkeys/:id': 'signed-in',
  'POST /api/account/passkeys/step-up-options': 'signed-in',
  'POST /api/account/passkeys/step-up': 'signed-in',
  'POST /api/auth/passkeys/sign-in-options': 'public',
  'POST /api/auth/passkeys/sign-in': 'public',
  'POST /api/auth/passkeys/second-factor-options': 'public',
  'POST /api/auth/passkeys/second-factor': 'public',
  'GET /api/account/sessions': 'signed-in',
  'DELETE /api/account/sessions/:id': 'signed-in',
  'POST /api/account/sessions/sign-out-others': 'signed-in',
  'GET /api/user/identities': 'signed-in',
  'POST /api/auth/oidc/:id/link': 'signed-in',
  'POST /api/auth/ldap/:id/link': 'signed-in',
  'POST /api/user/identities/:id/unlink': 'signed-in',
  'GET /api/admin/safety/rules': 'staff',
  'POST /api/admin/safety/rules': 'staff',
  'DELETE /api/admin/safety/rules/:id': 'staff',
  'POST /api/admin/safety/rules/import': 'staff',
  'POST /api/admin/safety/rules/test': 'staff',
  'GET /api/admin/safety/held': 'staff',
  'POST /api/admin/safety/held/decide': 'staff',
  'GET /api/admin/safety/stats': 'staff',
  'GET /api/admin/bans': 'staff',
  'POST /api/admin/bans': 'staff',
  'DELETE /api/admin/bans/:id': 'staff',
  'GET /api/admin/paste-reports/:id/author': 'staff',
  'POST /api/admin/paste-reports/:id/delete-everything': 'staff',
  'GET /api/admin/identity': 'admin',
  'PUT /api/admin/identity': 'admin',
  'POST /api/auth/reveal-api-key': 'public',
  'POST /api/auth/resend-verification': 'public',
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/reset-password': 'public',
  'GET /api/email-templates/preview': 'public',
  'POST /api/user/change-password': 'signed-in',
  'POST /api/user/change-email': 'signed-in',
  'GET /api/settings/user': 'signed-in',
  'GET /api/user/api-key': 'signed-in',
  'POST /api/user/regenerate-api-key': 'signed-in',
  'POST /api/vip/activate': 'signed-in',
  'POST /api/vip/banner': 'signed-in',
  'GET /api/openapi.json': 'public',
  'POST /api/v1/pastes': 'signed-in',
  'GET /api/v1/pastes': 'signed-in',
  'GET /api/v1/pastes/:id': 'signed-in',
  'POST /api/pastes': 'public',
  'GET /api/pastes/:id': 'public',
  'POST /api/pastes/:id/verify': 'public',
  'POST /api/pastes/:id/confirm-view': 'public',
  'GET /api/pastes/:id/download': 'public',
  'GET /api/pastes/:id/raw': 'public',
  'GET /api/pastes/:id/lines': 'public',
  'GET /api/pastes/:id/search': 'public',
  'GET /api/pastes/:id/line-table': 'public',
  'PUT /api/pastes/:id': 'signed-in',
  'GET /api/pastes/:id/revisions': 'public',
  'GET /api/pastes/:id/revisions/:n': 'public',
  'GET /api/pastes/:id/revisions/:n/download': 'public',
  'GET /api/pastes/:id/revisions/:n/raw': 'public',
  'POST /api/pastes/:id/report': 'public',
  'POST /api/pastes/:id/request-delete': 'signed-in',
  'POST /api/pastes/upload/init': 'signed-in',
  'POST /api/pastes/upload/chunk': 'signed-in',
  'POST /api/pastes/upload/finalize': 'signed-in',
  'POST /api/pastes/upload/cancel': 'signed-in',
  'GET /api/pastes/upload/:uploadId': 'signed-in',
  'GET /api/pastes/:id/assembly-progress': 'public',
  'GET /api/my-pastes': 'signed-in',
  'GET /api/top-views': 'public',
  'GET /api/top-views-v2': 'public',
  'GET /api/top-users': 'public',
  'GET /api/admin/stats': 'staff',
  'GET /api/settings': 'admin',
  'PUT /api/settings': 'admin',
  'POST /api/admin/test-turnstile': 'admin',
  'POST /api/upload/favicon': 'admin',
  'GET /api/admin/database/export': 'admin',
  'POST /api/admin/database/import': 'admin',
  'GET /api/admin/vip-licenses': 'admin',
  'POST /api/admin/vip-licenses/generate': 'admin',
  'DELETE /api/admin/vip-licenses/:id': 'admin',
  'GET /api/admin/audit': 'admin',
  'GET /api/admin/backups': 'admin',
  'GET /api/admin/backups/:id/download': 'admin',
  'GET /api/admin/users': 'admin',
  'GET /api/admin/users/:id/pastes': 'admin',
  'PUT /api/users/:id': 'admin',
  'DELETE /api/users/:id': 'admin',
  'POST /api/admin/users/:id/second-factor/reset': 'admin',
  'GET /api/pastes': 'admin',
  'DELETE /api/pastes/:id': 'admin',
  'GET /api/admin/delete-requests': 'staff',
  'POST /api/admin/delete-requests/:id/approve': 'staff',
  'POST /api/admin/delete-requests/:id/reject': 'staff',
  'GET /api/admin/paste-reports': 'staff',
  'GET /api/admin/paste-reports/:id/key': 'staff',
  'POST /api/admin/paste-reports/:id/approve': 'staff',
  'POST /api/admin/paste-reports/:id/reject': 'staff',
  'GET /api/teams': 'signed-in',
  'POST /api/teams': 'signed-in',
  'GET /api/teams/:slug': 'signed-in',
  'PATCH /api/teams/:slug': 'signed-in',
  'DELETE /api/teams/:slug': 'signed-in',
  'PUT /api/teams/:slug/members': 'signed-in',
  'DELETE /api/teams/:slug/members/:username': 'signed-in',
  'GET /api/admin/teams': 'staff',
  'GET /api/pastes/:id/shares': 'signed-in',
  'PUT /api/pastes/:id/shares': 'signed-in',
  'GET /api/pastes/:id/share-history': 'signed-in',
  'GET /api/shared-with-me': 'signed-in',
  'GET /api/account/tokens': 'signed-in',
  'POST /api/account/tokens': 'signed-in',
  'DELETE /api/account/tokens/:id': 'signed-in',
  'GET /api/search': 'public',
  'GET /api/account/notices': 'signed-in',
  'DELETE /api/account/notices/:id': 'signed-in',
  'GET /api/pastes/:id/files/:name/raw': 'public',
  'GET /api/pastes/:id/files/:name/download': 'public',
  'GET /api/pastes/:id/images': 'public',
  'GET /api/image-proxy': 'public',
  'GET /api/oembed': 'public',
  'GET /api/collections': 'signed-in',
  'POST /api/collections': 'signed-in',
  'GET /api/collections/:id': 'public',
  'PATCH /api/collections/:id': 'signed-in',
  'DELETE /api/collections/:id': 'signed-in',
  'POST /api/collections/:id/pastes/:pasteId': 'signed-in',
  'DELETE /api/collections/:id/pastes/:pasteId': 'signed-in',
};

const t = withTestApp({ each: false });

function sample(url: string): string {
  return url.replace(/:[A-Za-z]+/g, 'nonexistent-id');
}

describe('route × role authorization table', () => {
  it('declares access for every API route, exactly as in the table', () => {
    const actual = Object.fromEntries(t.app.routeAccess.map((r) => [`${r.method} ${r.url}`, r.access]));
    expect(actual).toEqual(EXPECTED);
  });

  it('refuses visitors on every non-public route with 401', async () => {
    const c = t.client();
    for (const r of t.app.routeAccess.filter((x) => x.access !== 'public')) {
      const res = await c.request(r.method, sample(r.url), r.method === 'GET' ? undefined : {});
      expect(res.status, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it('refuses signed-in users on staff and admin routes with 403', async () => {
    const { client } = await signedIn(t, 'user');
    const { client: manager } = await signedIn(t, 'manager');
    for (const r of t.app.routeAccess.filter((x) => ['staff', 'admin', 'setup'].includes(x.access ?? ''))) {
      const res = await client.request(r.method, sample(r.url), r.method === 'GET' ? undefined : {});
      expect(res.status, `${r.method} ${r.url}`).toBe(403);
      if (r.access !== 'staff') {
        const m = await manager.request(r.method, sample(r.url), r.method === 'GET' ? undefined : {});
        expect(m.status, `manager ${r.method} ${r.url}`).toBe(403);
      }
    }
  });
});

import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../test/helpers/test-app.js';

const t = withTestApp({ each: false });

describe('GET /api/openapi.json', () => {
  it('serves an OpenAPI 3 document generated from the route schemas', async () => {
    const res = await t.client().get('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(doc.openapi).toBe('3.0.3');
    expect(doc.components.securitySchemes.apiKey).toEqual({
      type: 'apiKey',
      in: 'header',
      name: 'X-API-Key',
    });

    const paths = Object.keys(doc.paths);
    expect(paths.filter((p) => !p.startsWith('/api/'))).toEqual(['/healthz', '/readyz', '/raw/{id}']);
    expect(paths).not.toContain('/api/openapi.json');
    for (const p of [
      '/api/v1/pastes',
      '/api/v1/pastes/{id}',
      '/api/user/change-password',
      '/api/vip/banner',
    ]) {
      expect(paths).toContain(p);
    }

    const change = doc.paths['/api/user/change-password'].post;
    const body = change.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties).sort()).toEqual(['currentPassword', 'newPassword', 'revokeApiKey']);
    expect(change.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/v1/pastes'].post.security).toEqual([{ apiKey: [] }]);
    expect(doc.paths['/api/v1/pastes'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['page', 'limit', 'search']),
    );
    expect(doc.paths['/api/auth/forgot-password'].post.security).toBeUndefined();
    // A strict validator takes null only from an enum that lists it (OpenAPI 3.0 has no null type).
    const paste = doc.paths['/api/pastes/{id}'].get.responses['200'].content['application/json'].schema;
    expect(paste.properties.language.enum).toContain(null);
    expect(paste.properties.userRole).toMatchObject({ nullable: true, enum: expect.arrayContaining([null]) });
  });
});

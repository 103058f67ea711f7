import { describe, expect, it } from 'vitest';
import { NOT_JSON, OTHER_RESPONSES, RESPONSES } from '../src/common/schemas/responses.js';
import { responseMismatch } from '../src/server/plugins/response-schemas.js';
import { withTestApp } from './helpers/test-app.js';

/**
 * Every route declares its answers in src/common/schemas/responses.ts. The test servers check
 * every answer any test receives against them (see plugins/response-schemas.ts); this file checks
 * that the table covers every route and that the OpenAPI document shows it.
 */
const t = withTestApp({ each: false });

describe('response schemas', () => {
  it('are declared for every API route, and only for routes that exist', () => {
    const routes = t.app.routeAccess.map((r) => `${r.method} ${r.url}`).sort();
    expect(Object.keys(RESPONSES).sort()).toEqual(routes);
  });

  it('are published in /api/openapi.json per status code, with the shared error body', async () => {
    const doc = (await t.client().get('/api/openapi.json')).body;
    for (const [key, statuses] of Object.entries(RESPONSES)) {
      const [method, url] = key.split(' ') as [string, string];
      if (url === '/api/openapi.json') continue;
      const path = url.replace(/:([A-Za-z]+)/g, '{$1}');
      const operation = doc.paths[path]?.[method.toLowerCase()];
      expect(operation, key).toBeDefined();
      for (const [status, schema] of Object.entries(statuses)) {
        if (schema !== NOT_JSON) expect(operation.responses[status], `${key} ${status}`).toBeDefined();
      }
      expect(operation.responses['4XX'], `${key} 4XX`).toBeDefined();
    }
  });

  it('catch an answer of the wrong shape, an undeclared status and a malformed refusal', () => {
    expect(responseMismatch('GET /api/setup/status', 200, '{"setupCompleted":true}')).toBeNull();
    expect(responseMismatch('GET /api/setup/status', 200, '{"setupCompleted":"yes"}')).toMatch(
      /setupCompleted: Invalid input/,
    );
    expect(responseMismatch('GET /api/setup/status', 200, '{"setupCompleted":true,"extra":1}')).toMatch(
      /Unrecognized key/,
    );
    expect(responseMismatch('GET /api/setup/status', 201, '{"setupCompleted":true}')).toMatch(
      /does not declare/,
    );
    expect(responseMismatch('GET /api/pastes/:id', 404, '{"error":"NOT_FOUND","message":"x"}')).toBeNull();
    expect(responseMismatch('GET /api/pastes/:id', 404, '{"error":"NOPE","message":"x"}')).not.toBeNull();
    expect(responseMismatch('GET /api/pastes/:id/raw', 200, 'plain text, not JSON')).toBeNull();
    expect(responseMismatch('GET /healthz', 200, '{"ok":true}')).toBeNull();
    expect(Object.keys(OTHER_RESPONSES)).toEqual(['GET /healthz', 'GET /readyz']);
  });
});

import { describe, expect, it } from 'vitest';
import { OTHER_RESPONSES, RESPONSES } from '../src/common/schemas/responses.js';
import { DECLARED_RESPONSES, responseMismatch } from '../src/server/plugins/response-schemas.js';
import { documentMismatch } from './helpers/openapi-answers.js';
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
    for (const [key, statuses] of Object.entries(DECLARED_RESPONSES)) {
      const [method, url] = key.split(' ') as [string, string];
      if (url === '/api/openapi.json') continue;
      const path = url.replace(/:([A-Za-z]+)/g, '{$1}');
      const operation = doc.paths[path]?.[method.toLowerCase()];
      expect(operation, key).toBeDefined();
      for (const status of Object.keys(statuses)) {
        expect(operation.responses[status], `${key} ${status}`).toBeDefined();
      }
      expect(operation.responses['4XX'], `${key} 4XX`).toBeDefined();
    }
    expect(Object.keys(doc.paths['/raw/{id}'].get.responses['200'].content)).toEqual([
      'text/plain',
      'application/octet-stream',
    ]);
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
    expect(
      responseMismatch('GET /api/pastes/:id', 404, '{"error":"NOT_FOUND","message":"x","requestId":"r"}'),
    ).toBeNull();
    expect(responseMismatch('GET /api/pastes/:id', 404, '{"error":"NOT_FOUND","message":"x"}')).toMatch(
      /requestId/,
    );
    expect(
      responseMismatch('GET /api/pastes/:id', 404, '{"error":"NOPE","message":"x","requestId":"r"}'),
    ).not.toBeNull();
    expect(responseMismatch('GET /api/pastes/:id/raw', 200, 'plain text, not JSON')).toBeNull();
    expect(responseMismatch('GET /healthz', 200, '{"ok":true}')).toBeNull();
    expect(Object.keys(OTHER_RESPONSES)).toEqual(['GET /raw/:id', 'GET /healthz', 'GET /readyz']);
  });

  it('are checked against the served OpenAPI document: status, media type and body', async () => {
    const doc = (await t.client().get('/api/openapi.json')).body;
    const json = 'application/json; charset=utf-8';
    const answer = (route: string, status: number, body: unknown, contentType = json) => ({
      method: 'GET',
      route,
      status,
      contentType,
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    const top = {
      id: 'abc',
      title: null,
      viewCount: 1,
      createdAt: '2026-01-01T00:00:00.000Z',
      username: 'a',
    };
    expect(
      documentMismatch(doc, answer('/api/top-views', 200, { pastes: [{ ...top, role: null }] })),
    ).toBeNull();
    expect(documentMismatch(doc, answer('/api/top-views', 200, [{ ...top, role: null }]))).toMatch(
      /must be object/,
    );
    expect(documentMismatch(doc, answer('/api/top-views', 200, { pastes: [{ ...top, role: 'x' }] }))).toMatch(
      /role must be equal to one of the allowed values/,
    );
    expect(documentMismatch(doc, answer('/api/top-views', 201, { pastes: [] }))).toMatch(/does not declare/);
    expect(documentMismatch(doc, answer('/api/top-views', 200, { pastes: [] }, 'text/html'))).toMatch(
      /came as text\/html/,
    );
    expect(documentMismatch(doc, answer('/raw/:id', 200, 'text', 'text/plain; charset=utf-8'))).toBeNull();
    expect(documentMismatch(doc, answer('/raw/:id', 200, 'text', 'text/html'))).toMatch(
      /declares text\/plain/,
    );
    expect(documentMismatch(doc, answer('/api/nowhere', 200, {}))).toMatch(/not in the OpenAPI document/);
    expect(documentMismatch(doc, answer('/api/user', 401, { error: 'UNAUTHORIZED', message: 'x' }))).toMatch(
      /requestId/,
    );
  });
});

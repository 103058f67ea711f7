import { describe, expect, it } from 'vitest';
import { isClientRoute } from '../../src/common/client-routes.js';
import { withClaimsSite } from './claims-site.js';
import { claimKey, concretePath, type RouteClaim, routeClaims, templateMatches } from './routes.js';

/**
 * Every route the pages and documents name is one the running server answers, and every API route
 * they name is in its OpenAPI document.
 */
const site = withClaimsSite();
const NO_ROUTE = /^No route for /;

/**
 * The server's own "no such route" (its not-found handler), as against a route's own 404. A page
 * of the web app is the server's too: it serves the app for exactly the client routes (the test
 * server has no web build, so it is asked by that list).
 */
async function hasRoute(method: string, path: string): Promise<boolean> {
  if (method === 'GET' && !/^\/(api|raw)\//.test(path) && isClientRoute(path)) return true;
  const res = await fetch(site.t.baseUrl + path, { method, redirect: 'manual' });
  const body = await res.text();
  return !(res.status === 404 && NO_ROUTE.test(JSON.parse(body || '{}').message ?? ''));
}

function distinct(claims: RouteClaim[]): RouteClaim[] {
  return [...new Map(claims.map((c) => [claimKey(c), c])).values()];
}

const describeClaim = (c: RouteClaim) => `${c.method ?? ''} ${c.path} (${c.source})`.trim();

describe('routes named in the pages and documents', () => {
  it('are answered by the server', async () => {
    const claims = distinct(routeClaims(site.texts));
    expect(claims.length).toBeGreaterThan(100);
    const missing: string[] = [];
    for (const claim of claims) {
      const path = concretePath(claim.path);
      const methods = claim.method ? [claim.method] : ['GET', 'POST', 'PUT', 'DELETE'];
      let found = false;
      for (const method of methods) {
        found = await hasRoute(method, path);
        if (found) break;
      }
      if (!found) missing.push(describeClaim(claim));
    }
    expect(missing).toEqual([]);
  });

  it('are in the OpenAPI document when they are the API’s or /raw', () => {
    const claims = distinct(routeClaims(site.texts)).filter(
      (c) => /^\/(api|raw)\//.test(c.path) && c.path !== '/api/openapi.json',
    );
    const documented = Object.entries(site.openapi.paths);
    const missing = claims.filter((claim) => {
      const path = concretePath(claim.path);
      return !documented.some(
        ([template, operations]) =>
          templateMatches(template, path) && (!claim.method || claim.method.toLowerCase() in operations),
      );
    });
    expect(missing.map(describeClaim)).toEqual([]);
  });

  it('catch a route the server does not have', async () => {
    expect(await hasRoute('POST', '/api/pastes/upload/resume')).toBe(false);
    expect(await hasRoute('GET', '/api/pastes/AAAAAAAAAAAA/raw')).toBe(true);
    expect(await hasRoute('GET', '/paste/AAAAAAAAAAAA')).toBe(true);
    expect(await hasRoute('GET', '/pastes/AAAAAAAAAAAA')).toBe(false);
    const [claim] = routeClaims([{ source: 'x', body: 'call `GET /api/pastes/{id}/raw?access=…`.' }]);
    expect(claim).toEqual({ source: 'x', method: 'GET', path: '/api/pastes/{id}/raw' });
  });
});

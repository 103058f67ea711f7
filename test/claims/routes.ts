import type { Text } from './texts.js';

/** A route a text names: `POST /api/pastes`, or a path alone (in a URL, an example). */
export interface RouteClaim {
  source: string;
  method: string | null;
  /** As written, without query or fragment: `/api/pastes/{id}`, `/api/pastes/:id`, `/raw/abc123`. */
  path: string;
}

const WITH_METHOD = /\b(GET|POST|PUT|DELETE)\s+(\/[^\s`'"),;<>[\]]*)/g;
/** A path of the API or /raw, alone or after an origin (`https://host/api/…`, `${base}` rendered). */
const PATH_ALONE = /(?:https?:\/\/[^\s/'"`]+|(?<![\w.\-/:{}$]))(\/(?:api|raw)\/[^\s`'"),;<>[\]]*)/g;

function clean(raw: string): string | null {
  const path = raw.split(/[?#]/)[0]!.replace(/[.:·]+$/, '');
  // `…/download`, `/api/v1/…`, `/api/verify-email/`: a family of routes, not one.
  return path.includes('…') || path.endsWith('/') ? null : path;
}

/** Every route each text names. */
export function routeClaims(texts: Text[]): RouteClaim[] {
  const claims: RouteClaim[] = [];
  for (const { source, body } of texts) {
    for (const m of body.matchAll(WITH_METHOD)) {
      const path = clean(m[2]!);
      if (path) claims.push({ source, method: m[1]!, path });
    }
    for (const m of body.matchAll(PATH_ALONE)) {
      const path = clean(m[1]!);
      if (path) claims.push({ source, method: null, path });
    }
  }
  return claims;
}

const SAMPLES: Record<string, string> = {
  id: 'AAAAAAAAAAAA',
  n: '1',
  file: 'x.png',
  period: 'weekly',
};

/** A request path for a written route: each parameter (`{id}`, `:id`, `<id>`) given a sample value. */
export function concretePath(path: string): string {
  return path.replace(/\{(\w+)\}|:(\w+)|<(\w+)>/g, (_m, a, b, c) => SAMPLES[a ?? b ?? c] ?? 'x');
}

/** Whether a template of the OpenAPI document (`/api/pastes/{id}`) covers a request path. */
export function templateMatches(template: string, path: string): boolean {
  const pattern = template
    .split('/')
    .map((segment) => (/^\{.+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${pattern}$`).test(path);
}

/** The key a claim is checked by: the same route named twice is asked once. */
export const claimKey = (c: RouteClaim) => `${c.method ?? '*'} ${concretePath(c.path)}`;

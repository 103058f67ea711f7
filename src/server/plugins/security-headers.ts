import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

const TURNSTILE = 'https://challenges.cloudflare.com';

/**
 * One year, this host only: subdomains may be other people's sites, and the session cookie's
 * __Host- prefix already keeps them out of it. No preload (a list the operator must opt into).
 */
const HSTS = 'max-age=31536000';

/**
 * helmet decides the headers; we run it once at start and set the result on every response.
 * (@fastify/helmet re-runs helmet for each request: ~8 % of a paste read's CPU.) Nothing here
 * varies per request, so the headers are the same either way.
 */
function computeHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * JSON under /api/ is data, never a document: nothing in it may load, run or be framed. The short
 * list also keeps every API answer ~600 bytes lighter than the page policy would (OWASP REST
 * Security Cheat Sheet's set).
 */
const API_HEADERS: Record<string, string> = {
  // Never kept by a browser or a proxy (expiry, burn and deletion hold at every request) unless a
  // route says otherwise, as the favicon does. Here rather than in a per-module onSend hook: a hook
  // is a cost on every read.
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

/**
 * The build's hashed files (scripts, styles, the highlighter's worker) are never documents: they
 * need no framing, referrer or cross-origin-opener rules. Each set is sent with every one of them,
 * ~900 bytes a file under the page set, a dozen files on a first visit (the first-load budget counts a
 * load's bytes with their headers). A worker takes its CSP from its own script's response: the
 * short policy below is the one it runs under (no inline script, only this origin).
 */
const ASSET_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'self'; object-src 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
};

/**
 * A strict CSP for the app's pages: no inline script but the hashed ones, nothing framed by others, no referrer leaks;
 * API answers and the build's files get the shorter sets above.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: { scriptHashes?: string[] }) => {
  const bannerHosts = app.services.config.vipBannerHosts.map((h) => `https://${h}`);
  const pageHeaders = computeHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Inline scripts only by their hash: the page's early.js (plugins/page-assets.ts).
        scriptSrc: ["'self'", ...(opts.scriptHashes ?? []), TURNSTILE],
        // The syntax-highlighting worker is one of our own built assets.
        workerSrc: ["'self'"],
        frameSrc: [TURNSTILE],
        // The banner form reads a banner image to measure its size before saving it.
        connectSrc: ["'self'", TURNSTILE, ...bannerHosts],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Images from us, or VIP banners from the exact hosts the banner rule accepts.
        imgSrc: ["'self'", 'data:', 'blob:', ...bannerHosts],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
    // Set per request below: only an HTTPS answer may carry it.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    // `/api` itself is the API documentation page; everything under `/api/` is JSON or a file.
    const { url } = request;
    reply.headers(
      url.startsWith('/api/') ? API_HEADERS : url.startsWith('/assets/') ? ASSET_HEADERS : pageHeaders,
    );
    // https from the socket or, behind TRUST_PROXY, from X-Forwarded-Proto.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
});

import { beforeAll } from 'vitest';
import type { HttpClient } from '../helpers/http-client.js';
import type { OpenApiDocument } from '../helpers/openapi-answers.js';
import { signedIn, type TestApp, withTestApp } from '../helpers/test-app.js';
import { type PageTexts, renderPages } from './page-texts.js';
import { documentTexts, type Text } from './texts.js';

/** Not the default (365), so a page that states a fixed number instead of the site's is caught. */
export const AUDIT_DAYS = 200;

export interface ClaimsSite {
  t: TestApp;
  /** A signed-in user of the site ('user' role). */
  member: HttpClient;
  /** The pages as that user sees them, then every document. */
  texts: Text[];
  pages: PageTexts;
  /** What GET /api/openapi.json serves. */
  openapi: OpenApiDocument;
  /** The server's log lines (at its usual level, info). */
  logLines: string[];
}

/**
 * A running site for one test file, and everything the project says about it: the web app's
 * informational pages rendered with the site's own data, docs/*.md, the README and the CLI's
 * manual. Filled in before the file's tests.
 */
export function withClaimsSite(): ClaimsSite {
  const logLines: string[] = [];
  const t = withTestApp({
    each: false,
    env: { AUDIT_RETENTION_DAYS: String(AUDIT_DAYS), LOG_LEVEL: 'info' },
    logStream: { write: (line) => logLines.push(line) },
  });
  const site = { t, logLines } as ClaimsSite;
  beforeAll(async () => {
    const { client } = await signedIn(t);
    site.member = client;
    site.openapi = (await client.get('/api/openapi.json')).body;
    const settings = (await client.get('/api/settings/public')).body;
    site.pages = renderPages(settings, (await client.get('/api/user')).body, t.baseUrl);
    site.texts = [
      ...Object.entries(site.pages).map(([name, body]) => ({ source: `page:${name}`, body })),
      ...documentTexts(),
    ];
  });
  return site;
}

import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../errors.js';
import { renderShell } from './page-shell.js';

/**
 * Serves the built SPA, precompressed: hashed assets cached for a year, every other non-API GET
 * answered with index.html so client-side routes work on reload. The shell carries no paste content, so link
 * preview bots fetching a page learn nothing and burn nothing.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, opts: { root: string }) => {
  const indexFile = path.join(opts.root, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ root: opts.root }, 'web app build not found; serving the API only');
    return;
  }
  await app.register(fastifyStatic, {
    root: opts.root,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each asset; the best one the client accepts is sent.
    preCompressed: true,
    // Cache-Control is ours (below), not send's default `public, max-age=0`.
    cacheControl: false,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      // The body depends on Accept-Encoding (precompressed twins): shared caches must key on it.
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });
  const shell = fs.readFileSync(indexFile, 'utf8');
  const PASTE_PAGE = /^\/paste\/([^/?#]+)/;
  const pasteScreenFiles = screenFiles(opts.root, 'pages/paste/paste-page.tsx', shell);

  /**
   * The shell for a page: the site's title everywhere, a public paste's title for link previews;
   * the setup state and public settings as bootstrap data; on a paste page its screen's code
   * preloaded.
   */
  async function shellFor(pathname: string): Promise<string> {
    const { settings } = app.services;
    const publicSettings = await settings.getPublic();
    const { siteTitle, faviconUrl } = publicSettings;
    const site = {
      title: siteTitle,
      faviconUrl: faviconUrl || undefined,
      bootstrap: { setupCompleted: await settings.isSetupCompleted(), settings: publicSettings },
    };
    const pasteId = PASTE_PAGE.exec(pathname)?.[1];
    if (!pasteId) return renderShell(shell, site);
    Object.assign(site, { preload: pasteScreenFiles });
    const meta = await app.services.pastes.previewMeta(decodeURIComponent(pasteId)).catch(() => null);
    if (!meta?.isPublic) return renderShell(shell, { ...site, noindex: true });
    const title = meta.title || 'Untitled paste';
    return renderShell(shell, {
      ...site,
      title: `${title} - ${siteTitle}`,
      openGraph: { title, siteName: siteTitle },
    });
  }

  app.get('/*', async (request, reply) => {
    // `/api` itself is the API documentation page; everything under it is the JSON API.
    if (request.url.startsWith('/api/')) throw notFound(`No route for GET ${request.url.split('?')[0]}`);
    const pathname = request.url.split('?')[0] ?? '/';
    const file = path.join(opts.root, path.normalize(pathname));
    if (file.startsWith(opts.root + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      return reply.sendFile(path.relative(opts.root, file));
    }
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(await shellFor(pathname));
  });
});

/**
 * The script files a lazily loaded screen needs (its chunk and the chunks it imports), from Vite's
 * build manifest, leaving out those index.html loads anyway. Empty without a manifest.
 */
function screenFiles(root: string, source: string, shell: string): { modules: string[]; styles: string[] } {
  const manifestFile = path.join(root, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return { modules: [], styles: [] };
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<
    string,
    { file: string; imports?: string[]; css?: string[] }
  >;
  const modules = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry || modules.has(entry.file)) return;
    modules.add(entry.file);
    for (const css of entry.css ?? []) styles.add(css);
    for (const next of entry.imports ?? []) visit(next);
  };
  visit(source);
  const fresh = (files: Set<string>) => [...files].filter((f) => !shell.includes(f)).map((f) => `/${f}`);
  return { modules: fresh(modules), styles: fresh(styles) };
}

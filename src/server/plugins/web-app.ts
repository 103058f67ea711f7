import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isClientRoute } from '../../common/client-routes.js';
import { isPasteLanguage } from '../../common/languages.js';
import type { PasteView } from '../../common/schemas/paste.js';
import type { PublicSettings } from '../../common/schemas/settings.js';
import type { PublicUser } from '../../common/schemas/user.js';
import { AppError, notFound } from '../errors.js';
import { viewerOf } from '../modules/pastes/reading/viewer.js';
import { presentUser } from '../modules/users/users.presenter.js';
import { oembedDiscovery, previewImageUrl } from './oembed-discovery.js';
import { linkedStylesheets, readInlineAssets, screenFiles } from './page-assets.js';
import { createPageCache, encodingFor } from './page-cache.js';
import { renderShell, type ShellMeta } from './page-shell.js';

/**
 * The paste page's body as HTML (the web app's src/web/ssr/render-paste-page.tsx, built to
 * dist/web-ssr): the paste, or its not-found screen when `view` is null.
 */
export type PastePageRenderer = (input: {
  url: string;
  view: PasteView | null;
  /** Lines of the paste's whole text: its view carries only the first ones of a very large paste. */
  textLines?: number;
  settings: PublicSettings;
  user: PublicUser | null;
  /** The time of the render (ms), which relative times are reckoned from. */
  renderedAt: number;
}) => Promise<string>;

/** A page to answer: the shell, maybe with a paste rendered into it for this reader. */
interface Page {
  status: number;
  /** Rendered for this reader (their view of a paste): kept by no shared cache. */
  personal: boolean;
  /** Everything the page is rendered from (PageCache). */
  key: string;
  render: () => Promise<string>;
}

/** A paste rendered into its page, for one reader. */
interface PageBody {
  status: number;
  /** What a link preview may say of it (null: nothing, noindex). */
  preview: { title: string | null; isPublic: boolean } | null;
  /** Its oEmbed address and preview card when other sites may show it (mayEmbedPaste). */
  oembedHref?: string;
  imageUrl?: string;
  key: string;
  render: (renderedAt: number) => Promise<string>;
}

export interface WebAppOptions {
  root: string;
  /** Without one, paste pages carry no text and the app fetches it, as for any other page. */
  renderPastePage?: PastePageRenderer;
}

/**
 * Serves the built SPA, precompressed: hashed assets cached for a year, every other non-API GET
 * answered with index.html so client-side routes work on reload — with 404 for a path that is none
 * of them (src/common/client-routes.ts), where the app draws its not-found screen. A paste's page
 * carries its text only when anyone with the link may read it at once (pageBody); a password or
 * burn paste's page carries nothing, so a link-preview bot learns nothing and burns nothing.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, opts: WebAppOptions) => {
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
  /** A collection's page: indexed only when the collection is public. */
  const COLLECTION_PAGE = /^\/c\/([^/]+)\/?$/;
  const pasteScreenFiles = screenFiles(opts.root, 'pages/paste/paste-page.tsx', shell);
  const inline = readInlineAssets(opts.root, [...linkedStylesheets(shell), ...pasteScreenFiles.styles]);
  const { renderPastePage } = opts;
  const pages = createPageCache({ now: () => app.services.clock.now() });
  // Parts of a page key as numbers, one per distinct text and never reused (so a number always
  // means one text), bounded by starting afresh. A kept row's facts are one string whose hash V8
  // keeps, and the settings are serialised once per snapshot (getPublic gives one object per
  // snapshot): looking them up costs less than hashing them into a longer key at every request.
  let textIds = new Map<string, number>();
  let nextTextId = 0;
  const textKey = (text: string): number => {
    let id = textIds.get(text);
    if (id === undefined) {
      if (textIds.size >= 10_000) textIds = new Map();
      id = nextTextId++;
      textIds.set(text, id);
    }
    return id;
  };
  const settingsJson = new WeakMap<Readonly<PublicSettings>, string>();
  const settingsKey = (settings: Readonly<PublicSettings>): number => {
    let json = settingsJson.get(settings);
    if (json === undefined) {
      json = JSON.stringify(settings);
      settingsJson.set(settings, json);
    }
    return textKey(json);
  };

  /**
   * The page for a path: the shell with the site's title everywhere, a public paste's title for
   * link previews; the setup state and public settings as bootstrap data; on a paste page its
   * screen's code preloaded, and on the paste's own page its text (pageBody). `key` names all it
   * is rendered from, for the page cache.
   */
  async function pageFor(request: FastifyRequest, pathname: string): Promise<Page> {
    const { settings } = app.services;
    const publicSettings = await settings.getPublic();
    const { siteTitle, faviconUrl } = publicSettings;
    const setupCompleted = settings.isSetupKnownCompleted() || (await settings.isSetupCompleted());
    const site: ShellMeta = {
      title: siteTitle,
      faviconUrl: faviconUrl || undefined,
      bootstrap: { setupCompleted, settings: publicSettings },
    };
    // A path that is no screen of the app: its not-found screen, and a status that says so. Before
    // setup every path leads to the setup wizard (the app's SetupGate), so none is missing yet.
    if (setupCompleted && !isClientRoute(pathname)) return shellPage(404, site);
    const collectionId = COLLECTION_PAGE.exec(pathname)?.[1];
    if (collectionId) {
      const indexed = await app.services.collections.isPublic(safeDecode(collectionId)).catch(() => false);
      return shellPage(200, indexed ? site : { ...site, noindex: true });
    }
    const pasteId = PASTE_PAGE.exec(pathname)?.[1];
    if (!pasteId) return shellPage(200, site);
    site.preload = pasteScreenFiles;
    const id = safeDecode(pasteId);
    const body =
      setupCompleted && renderPastePage && pathname === `/paste/${pasteId}`
        ? await pageBody(request, id, publicSettings, renderPastePage)
        : null;
    const shown = (meta: PageBody['preview'], links: Partial<PageBody> = {}): ShellMeta => {
      const title = meta?.title || 'Untitled paste';
      const oembed = {
        ...(links.oembedHref ? { oembed: { href: links.oembedHref, title } } : {}),
        ...(links.imageUrl ? { previewImage: links.imageUrl } : {}),
      };
      return meta?.isPublic
        ? { ...site, ...oembed, title: `${title} - ${siteTitle}`, openGraph: { title, siteName: siteTitle } }
        : { ...site, ...oembed, noindex: true };
    };
    // A page with its paste knows what a preview may say; any other asks (counting nothing).
    if (!body) return shellPage(200, shown(await app.services.pastes.previewMeta(id).catch(() => null)));
    return {
      status: body.status,
      personal: true,
      // What the page is made of (the preview's title and privacy are in body.key), without the
      // constants. Built at every request: the settings enter it as a number per snapshot.
      key: `${body.status}\n${settingsKey(publicSettings)}\n${body.key}`,
      render: async () => {
        const renderedAt = app.services.clock.now();
        const html = await body.render(renderedAt);
        return renderShell(shell, {
          ...shown(body.preview, body),
          inline,
          body: { html, renderedAt },
        });
      },
    };
  }

  const shellPage = (status: number, meta: ShellMeta): Page => ({
    status,
    personal: false,
    key: JSON.stringify([status, meta]),
    render: async () => renderShell(shell, { ...meta, inline }),
  });

  /**
   * The paste's text for its page, read as the app will read it, when the page may show
   * it at once (showsTextInPage); the not-found screen, with 404, for a paste that is not there;
   * null for everything else (a password, a burn, …), which the app handles as before. The read
   * happens here, at every request (counted, expiry and deletion checked); only rendering waits.
   */
  async function pageBody(
    request: FastifyRequest,
    id: string,
    settings: PublicSettings,
    render: PastePageRenderer,
  ): Promise<PageBody | null> {
    // The header as this reader will see it (signed in or not), so nothing in it moves later.
    const user = request.user ? presentUser(request.user) : null;
    // Of the query only a language the app knows changes the page (the app ignores any other):
    // nothing else is rendered anew or kept apart.
    const query = request.url.indexOf('?');
    const asked = query === -1 ? null : new URLSearchParams(request.url.slice(query + 1)).get('lang');
    const lang = asked === 'auto' || isPasteLanguage(asked) ? asked : null;
    const url = `/paste/${encodeURIComponent(id)}${lang ? `?lang=${encodeURIComponent(lang)}` : ''}`;
    let read: Awaited<ReturnType<typeof app.services.pastes.pageView>>;
    try {
      read = await app.services.pastes.pageView(id, viewerOf(request, { holdBurn: true }));
    } catch (e) {
      if (!(e instanceof AppError) || e.status !== 404) throw e;
      return {
        status: 404,
        preview: null,
        key: JSON.stringify([url, user]),
        render: (renderedAt) => render({ url, view: null, settings, user, renderedAt }),
      };
    }
    if (!read) return null;
    const shown = read.view;
    const origin = (await app.services.mail.siteOrigin()) ?? `${request.protocol}://${request.host}`;
    const oembedHref = oembedDiscovery(read, settings, origin);
    return {
      status: 200,
      preview: { title: shown.title, isPublic: shown.privacy === 'public' },
      oembedHref,
      imageUrl: previewImageUrl(read, settings, origin),
      // The facts name the text by its revision; the count is left out (it may lag, see
      // PAGE_CACHE_TTL_MS). Neither part has a raw newline (the URL is encoded, the rest JSON).
      key: `${url}\n${user === null ? '' : JSON.stringify(user)}\n${textKey(read.factsJson)}\n${oembedHref ?? ''}`,
      render: (renderedAt) =>
        render({ url, view: shown, textLines: read.textLines, settings, user, renderedAt }),
    };
  }

  app.get('/*', async (request, reply) => {
    // `/api` itself is the API documentation page; everything under it is the JSON API.
    if (request.url.startsWith('/api/')) throw notFound(`No route for GET ${request.url.split('?')[0]}`);
    const pathname = request.url.split('?')[0] ?? '/';
    if (!PASTE_PAGE.test(pathname)) {
      const file = path.join(opts.root, path.normalize(pathname));
      if (file.startsWith(opts.root + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
        return reply.sendFile(path.relative(opts.root, file));
      }
    }
    const page = await pageFor(request, pathname);
    const sent = pages.fresh(page.key) ?? (await pages.get(page.key, page.render));
    // Asked again every time (expiry, deletion and the settings hold at once); an unchanged page
    // is answered 304 (the read still counts, as the app's own read would). A page carrying a
    // paste is rendered for its reader (their view, their count): no shared cache keeps it.
    reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', page.personal ? 'private, no-cache' : 'no-cache')
      .header('Vary', 'Accept-Encoding')
      .header('ETag', sent.etag);
    if (page.status === 200 && request.headers['if-none-match'] === sent.etag) return reply.code(304).send();
    const encoding = encodingFor(request.headers['accept-encoding'] ?? '');
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    return reply.code(page.status).send(sent.body(encoding));
  });
});

const safeDecode = (s: string): string => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** The built paste-page renderer (`file`), or undefined when there is none. */
export async function loadPastePageRenderer(file: string): Promise<PastePageRenderer | undefined> {
  if (!fs.existsSync(file)) return undefined;
  const mod = (await import(pathToFileURL(file).href)) as { renderPastePage: PastePageRenderer };
  return mod.renderPastePage;
}

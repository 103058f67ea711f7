import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type FunctionComponent } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import type { PublicSettings } from '../../src/common/schemas/settings.js';
import type { PublicUser } from '../../src/common/schemas/user.js';
import { queryKeys } from '../../src/web/lib/query-keys.js';
import { AboutPage } from '../../src/web/pages/about/about-page.js';
import { ApiDocsPage } from '../../src/web/pages/api-docs/api-docs-page.js';
import { PrivacyPage } from '../../src/web/pages/legal/privacy-page.js';
import { TermsPage } from '../../src/web/pages/legal/terms-page.js';
import { VipPage } from '../../src/web/pages/vip/vip-page.js';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", nbsp: ' ' };

/** The words of a page as a reader sees them: tags become spaces, entities their characters. */
export function visibleText(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/h[1-6]|\/div|\/pre|\/code)[^>]*>/g, '$&\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(#x27|amp|lt|gt|quot|nbsp);/g, (_m, name: string) => ENTITIES[name]!)
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .trim();
}

export interface PageTexts {
  about: string;
  privacy: string;
  terms: string;
  vip: string;
  /** The API page as `user` sees it on a site with these settings. */
  api: string;
}

/**
 * The About, Privacy, Terms, VIP and API pages as the web app draws them for this site: rendered
 * by React with the data the running server answers (its public settings, the signed-in user).
 */
export function renderPages(settings: PublicSettings, user: PublicUser | null, origin: string): PageTexts {
  const render = (page: FunctionComponent) => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.publicSettings, settings);
    client.setQueryData(queryKeys.user, user);
    const tree = createElement(
      QueryClientProvider,
      { client },
      createElement(MemoryRouter, null, createElement(page)),
    );
    return visibleText(renderToStaticMarkup(tree));
  };
  // The API page writes its examples for the origin it is served from.
  const previous = globalThis.window;
  globalThis.window = { location: { origin } } as unknown as typeof globalThis.window;
  try {
    return {
      about: render(AboutPage),
      privacy: render(PrivacyPage),
      terms: render(TermsPage),
      vip: render(VipPage),
      api: render(ApiDocsPage),
    };
  } finally {
    globalThis.window = previous;
  }
}

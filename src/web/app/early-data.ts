import type { QueryClient } from '@tanstack/react-query';
import type { PublicSettings } from '../../common/schemas/settings';
import { userQueryOptions } from '../features/auth/api/get-user';
import { getPaste, pasteQueryOptions, readEarlyPaste } from '../features/pastes/api/get-paste';
import { queryKeys } from '../lib/query-keys';

/** What the server writes into the page (plugins/page-shell.ts): answers the app would ask for first. */
interface Bootstrap {
  setupCompleted: boolean;
  settings: PublicSettings;
}

function readBootstrap(): Bootstrap | null {
  const text = document.getElementById('bootstrap')?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as Bootstrap;
  } catch {
    return null;
  }
}

/**
 * Before React renders: the setup state and public settings from the page itself (no round trip),
 * and the first requests of the page being opened started now, while its screen's code is still
 * on its way — on a slow phone network each round trip saved is half a second.
 */
export function primeQueryClient(client: QueryClient): Promise<void> {
  const boot = readBootstrap();
  if (boot) {
    client.setQueryData(queryKeys.setupStatus, { setupCompleted: boot.setupCompleted });
    client.setQueryData(queryKeys.publicSettings, boot.settings);
  }
  if (boot?.setupCompleted !== true) return Promise.resolve();
  const user = client.prefetchQuery(userQueryOptions());
  const paste = /^\/paste\/([^/?#]+)/.exec(window.location.pathname)?.[1];
  if (!paste) return user;
  const id = decodeURIComponent(paste);
  const early = window.__pastePrefetch?.id === id ? window.__pastePrefetch.response : undefined;
  // The first read is the request public/early.js already sent; any retry asks anew.
  let first = early;
  const pasteRead = client.prefetchQuery({
    ...pasteQueryOptions(id),
    queryFn: ({ signal }) => {
      const sent = first;
      first = undefined;
      return sent ? readEarlyPaste(id, sent) : getPaste(id, { reveal: false, signal });
    },
  });
  return Promise.all([user, pasteRead]).then(() => undefined);
}

declare global {
  interface Window {
    /** Set by public/early.js on a paste page. */
    __pastePrefetch?: { id: string; response: Promise<Response> };
  }
}

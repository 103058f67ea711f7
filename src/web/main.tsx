import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { primeQueryClient } from './app/early-data';
import { applyPreloadedStyles } from './app/preloaded-styles';
import { router } from './app/router';
import { createQueryClient } from './lib/query-client';
import './styles.css';

// The theme was applied before the first paint by /early.js (index.html).
const queryClient = createQueryClient();
const firstData = primeQueryClient(queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

/** The route's screen code loaded (the router loads it as it starts). */
const routeReady = new Promise<void>((resolve) => {
  if (router.state.initialized) return resolve();
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    stop();
    resolve();
  });
});

// A page the server rendered (a paste's text, src/server/plugins/web-app.ts) stays as it is until
// the app can draw the same screen: then its first render replaces that markup with identical
// markup, with no loading state in between, and with the whole stylesheet in. Any other page
// renders at once.
const ready = root.hasAttribute('data-prerendered')
  ? Promise.all([routeReady, firstData.catch(() => undefined), applyPreloadedStyles()])
  : Promise.resolve();
// The server's render time (page-shell.ts), for the relative times on the screen taken over.
const renderedAt = Number(root.getAttribute('data-prerendered')) || null;
void ready.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} renderedAt={renderedAt} />
    </StrictMode>,
  ),
);

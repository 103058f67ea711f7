/**
 * A page the server rendered carries only the styles its own markup uses, and preloads the app's
 * whole stylesheets (`<link rel="preload" as="style">`, src/server/plugins/page-shell.ts) so they
 * hold back no paint. They apply here; the app draws once they are in, so nothing it adds beyond
 * the server's markup is ever shown unstyled. A sheet that fails to load does not stop the app.
 */
export function applyPreloadedStyles(): Promise<void> {
  const links = document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]');
  return Promise.all(
    [...links].map(
      (link) =>
        new Promise<void>((resolve) => {
          link.addEventListener('load', () => resolve(), { once: true });
          link.addEventListener('error', () => resolve(), { once: true });
          link.rel = 'stylesheet';
        }),
    ),
  ).then(() => undefined);
}

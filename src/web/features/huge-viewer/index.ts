import { lazy } from 'react';

/**
 * What the paste page uses of the huge-paste viewer: the viewer itself, as its own chunk, fetched on
 * "View in browser" or a #L link, so nothing of it is in the paste page's first load.
 */
export const ExtremeViewer = lazy(() =>
  import('./components/extreme-viewer').then((m) => ({ default: m.ExtremeViewer })),
);

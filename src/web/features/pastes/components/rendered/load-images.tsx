import { ImageIcon } from 'lucide-react';
import { useState } from 'react';
import type { ReadablePasteView } from '../../../../../common/schemas/paste';
import { Button } from '../../../../components/ui/button';
import { toastError } from '../../../../components/ui/toast-store';
import { getPasteImages, type PasteImages } from '../../api/get-paste-images';

type ImagePaste = Pick<ReadablePasteView, 'id' | 'accessToken' | 'burnAfterReading' | 'encrypted'>;

const REMOTE_IMAGE = 'a.remote-image';

/**
 * The rendered HTML with each remote image's link (render-markdown.ts) swapped for the image, as
 * the site's image proxy serves it: the image's host sees the server, never the reader. The links
 * are matched by the address the server found in the paste; any other link stays a link.
 */
function withImages(html: string, images: PasteImages['images']): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  const byUrl = new Map(images.map((i) => [i.url, i.src]));
  for (const link of template.content.querySelectorAll<HTMLAnchorElement>(REMOTE_IMAGE)) {
    const src = byUrl.get(link.getAttribute('href') ?? '');
    if (!src) continue;
    const image = document.createElement('img');
    image.src = src;
    image.alt = (link.textContent ?? '').replace(/^Image: /, '');
    image.loading = 'lazy';
    image.referrerPolicy = 'no-referrer';
    link.replaceWith(image);
  }
  return template.innerHTML;
}

/**
 * Remote images of rendered Markdown stay links until the reader presses "Load images" (a remote
 * image is a request its author can watch). A burn-after-reading paste is read once, and the
 * server cannot see an encrypted paste's images: theirs stay links.
 */
export function useLoadImages(html: string, paste: ImagePaste | undefined) {
  const [loaded, setLoaded] = useState<{ html: string; images: PasteImages['images'] } | null>(null);
  const [busy, setBusy] = useState(false);
  const offered =
    !!paste && !paste.burnAfterReading && !paste.encrypted && html.includes('class="remote-image"');
  const shown = loaded && loaded.html === html ? withImages(html, loaded.images) : html;
  const load = () => {
    if (!paste) return;
    setBusy(true);
    getPasteImages(paste)
      .then(({ images }) => setLoaded({ html, images }))
      .catch((error) => toastError('Images could not be loaded', error))
      .finally(() => setBusy(false));
  };
  const button =
    offered && !(loaded && loaded.html === html) ? (
      <Button size="sm" variant="outline" className="noscript:hidden" onClick={load} disabled={busy}>
        <ImageIcon aria-hidden />
        Load images
      </Button>
    ) : null;
  return { html: shown, button };
}

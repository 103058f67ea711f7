import { RENDER_MAX_CHARS } from '../../../common/constants.js';
import { PASTE_MESSAGES } from '../../../common/messages.js';
import { renderKindOf } from '../../../common/render/render-kind.js';
import { remoteImageUrls } from '../../../common/render/render-markdown.js';
import {
  IMAGE_PROXY_MESSAGES,
  PASTE_IMAGES_MAX,
  type PasteImages,
} from '../../../common/schemas/image-proxy.js';
import { AppError, conflict, forbidden } from '../../errors.js';
import type { BlobStore } from '../../infra/blob-store/index.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { isEncrypted } from '../pastes/encrypted-content.js';
import { readText } from '../pastes/paste-content-store.js';
import type { PastesService } from '../pastes/pastes.service.js';
import type { ReadCredentials, Viewer } from '../pastes/reading/paste-reader.js';
import type { FetchedImage, ImageFetcher } from './image-fetch.js';
import { IMAGE_LISTS_PER_IP, IMAGES_PER_IP } from './image-proxy.limits.js';
import type { ImageSigner } from './image-signature.js';

/** Bytes of UTF-8 a text of RENDER_MAX_CHARS UTF-16 units may take: a larger one is never rendered. */
const RENDERED_MAX_BYTES = RENDER_MAX_CHARS * 3;
/** Lists kept, by paste version (each is a parse of the whole text). */
const KEPT_LISTS = 200;

interface Deps {
  pastes: Pick<PastesService, 'authorizeRead'>;
  blobs: BlobStore;
  rateLimiter: Pick<RateLimiter, 'consume'>;
  signer: ImageSigner;
  fetcher: Pick<ImageFetcher, 'fetchImage'>;
}

/**
 * "Load images" for rendered Markdown: the signed proxy addresses of a paste's remote images
 * (for whoever may read the paste), and the proxy that fetches a signed address and nothing else.
 */
export function createImageProxyService({ pastes, blobs, rateLimiter, signer, fetcher }: Deps) {
  let kept = new Map<string, string[]>();

  async function urlsOf(row: Parameters<typeof readText>[1] & { size_bytes: number }, version: string) {
    const known = kept.get(version);
    if (known) return known;
    const text = row.size_bytes > RENDERED_MAX_BYTES ? '' : await readText(blobs, row);
    const urls = text.length > RENDER_MAX_CHARS ? [] : remoteImageUrls(text).slice(0, PASTE_IMAGES_MAX);
    if (kept.size >= KEPT_LISTS) kept = new Map();
    kept.set(version, urls);
    return urls;
  }

  return {
    /** GET /api/pastes/:id/images: under the rules of reading the paste's raw text. */
    async pasteImages(id: string, viewer: Viewer, credentials: ReadCredentials): Promise<PasteImages> {
      await rateLimiter.consume([[IMAGE_LISTS_PER_IP, viewer.ip]]);
      // `hold`: a burn paste is answered without being claimed, then refused below.
      const reader: Viewer = { ...viewer, countable: false, burn: 'hold' };
      const decision = await pastes.authorizeRead(id, reader, credentials, 'bytes');
      if (decision.outcome === 'processing') throw conflict(PASTE_MESSAGES.stillProcessing);
      if (decision.outcome === 'locked') throw new AppError('UNAUTHORIZED', PASTE_MESSAGES.passwordProtected);
      const { row } = decision;
      if (row.burn_after_reading === 1) throw forbidden(IMAGE_PROXY_MESSAGES.burn);
      if (isEncrypted(row)) throw conflict(IMAGE_PROXY_MESSAGES.encrypted);
      if (renderKindOf(row) !== 'markdown') throw conflict(IMAGE_PROXY_MESSAGES.notMarkdown);
      const version = `${row.id}:${row.revision_count}:${row.edited_at ?? row.created_at}`;
      const urls = await urlsOf(row, version);
      return {
        images: await Promise.all(urls.map(async (url) => ({ url, src: await signer.proxySrc(url) }))),
      };
    },

    /** GET /api/image-proxy: the image at a signed address, for the reader at `ip`. */
    async image(url: string, sig: string, ip: string): Promise<FetchedImage> {
      if (!(await signer.verify(url, sig))) throw forbidden(IMAGE_PROXY_MESSAGES.badSignature);
      await rateLimiter.consume([[IMAGES_PER_IP, ip]]);
      return fetcher.fetchImage(url);
    },
  };
}

export type ImageProxyService = ReturnType<typeof createImageProxyService>;

import { z } from 'zod';
import { NotJson } from './response-parts.js';

/**
 * The image proxy: a remote image of a rendered Markdown paste, fetched by the server for a
 * reader who pressed "Load images", so the page's CSP stays `img-src 'self'` and the image's host
 * never learns the reader's address.
 */

/** The longest image address the proxy takes (longer ones stay links). */
export const IMAGE_URL_MAX_CHARS = 2_000;
/** The most bytes one proxied image may have. */
export const IMAGE_PROXY_MAX_BYTES = 5 * 1024 * 1024;
/** Remote images of one paste the proxy signs (the rest stay links). */
export const PASTE_IMAGES_MAX = 100;

export const IMAGE_PROXY_MESSAGES = {
  badSignature: 'This image address was not signed by this site: only images of pastes are loaded',
  badUrl: 'url must be an http or https address',
  privateAddress: "The image's host is not on the public internet",
  tooManyRedirects: 'The image host redirected more than 3 times',
  notImage: 'The address does not answer with a PNG, JPEG, GIF, WebP or AVIF image',
  tooLarge: `The image is larger than ${IMAGE_PROXY_MAX_BYTES / 1024 / 1024} MB`,
  upstream: 'The image host did not answer with the image',
  notMarkdown: 'Only a Markdown paste has images to load',
  burn: 'A burn-after-reading paste is read once: its images stay links',
  encrypted: 'This paste is end-to-end encrypted: the server cannot see its images, so they stay links',
} as const;

/** GET /api/image-proxy. */
export const imageProxyQuerySchema = z.object({
  url: z.string().min(1).max(IMAGE_URL_MAX_CHARS),
  sig: z.string().regex(/^[A-Za-z0-9_-]{43}$/, IMAGE_PROXY_MESSAGES.badSignature),
});

/** GET /api/pastes/:id/images: each remote image's address and where the proxy serves it. */
export const pasteImagesResponseSchema = z.object({
  images: z.array(z.object({ url: z.string(), src: z.string() })),
});
export type PasteImages = z.infer<typeof pasteImagesResponseSchema>;

export const IMAGE_PROXY_RESPONSES = {
  'GET /api/pastes/:id/images': { 200: pasteImagesResponseSchema },
  'GET /api/image-proxy': {
    200: new NotJson('The image, as its bytes show it to be', [
      'image/png',
      'image/jpeg',
      'image/gif',
      'image/webp',
      'image/avif',
    ]),
  },
} as const;

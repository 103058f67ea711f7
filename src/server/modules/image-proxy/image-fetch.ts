import dns, { type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, type Dispatcher, request } from 'undici';
import { IMAGE_PROXY_MAX_BYTES, IMAGE_PROXY_MESSAGES } from '../../../common/schemas/image-proxy.js';
import { AppError, badRequest, forbidden } from '../../errors.js';
import { isPublicAddress } from './address-guard.js';
import { declaredImageType, type ProxiedType, sniffImageType } from './image-type.js';

const MAX_REDIRECTS = 3;
const CONNECT_TIMEOUT_MS = 5_000;
/** The host's answer must begin, and keep coming, within this long. */
const RESPONSE_TIMEOUT_MS = 10_000;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Marks the lookup's refusal, so a refused address answers 403 rather than "host unreachable". */
const REFUSED = 'EIMAGEPROXYREFUSED';

/**
 * Resolves a host name and refuses it when any of its addresses is not public; the connection is
 * then made to the address resolved here (never resolved again, so DNS cannot answer differently
 * between the check and the connect).
 */
function guardedLookup(mayConnect: (address: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      if (addresses.length === 0 || addresses.some((a) => !mayConnect(a.address))) {
        return callback(
          Object.assign(new Error(IMAGE_PROXY_MESSAGES.privateAddress), { code: REFUSED }),
          '',
          0,
        );
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}

const refusedByLookup = (e: unknown): boolean => {
  for (let at = e; at instanceof Error; at = at.cause) {
    if ((at as NodeJS.ErrnoException).code === REFUSED) return true;
  }
  return false;
};

/** Stops reading an answer: its connection is closed, and the abort it raises is expected. */
function discard(body: Dispatcher.ResponseData['body']) {
  body.on('error', () => {});
  body.destroy();
}

/** An image fetched whole (at most IMAGE_PROXY_MAX_BYTES) and its type by its bytes. */
export interface FetchedImage {
  type: ProxiedType;
  body: Buffer;
}

/**
 * Fetches images for the proxy with undici: http(s) only, public addresses only (checked again at
 * every redirect, at most 3), no cookie, referrer or address of the reader sent, a raster image
 * type both declared and found in the bytes, and the body read only up to the size limit.
 * `allowed` is for tests (IMAGE_PROXY_ALLOW_ADDRESSES), whose image host is on 127.0.0.1.
 */
export function createImageFetcher(opts: { allowed: string[] }) {
  const mayConnect = (address: string) => isPublicAddress(address) || opts.allowed.includes(address);
  const agent = new Agent({
    connect: { timeout: CONNECT_TIMEOUT_MS, lookup: guardedLookup(mayConnect) },
    headersTimeout: RESPONSE_TIMEOUT_MS,
    bodyTimeout: RESPONSE_TIMEOUT_MS,
  });
  const upstream = () => new AppError('UPSTREAM_FAILED', IMAGE_PROXY_MESSAGES.upstream);

  /** Refuses an address written as an IP: the lookup above is not asked about those. */
  function checkUrl(url: URL) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest(IMAGE_PROXY_MESSAGES.badUrl);
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    if (isIP(host) !== 0 && !mayConnect(host)) {
      throw forbidden(IMAGE_PROXY_MESSAGES.privateAddress);
    }
  }

  async function get(url: URL) {
    try {
      return await request(url, {
        dispatcher: agent,
        method: 'GET',
        headers: {
          accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif',
          'user-agent': 'pasteshare-image-proxy',
        },
      });
    } catch (e) {
      if (refusedByLookup(e)) throw forbidden(IMAGE_PROXY_MESSAGES.privateAddress);
      throw upstream();
    }
  }

  async function fetchImage(address: string): Promise<FetchedImage> {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      throw badRequest(IMAGE_PROXY_MESSAGES.badUrl);
    }
    for (let redirects = 0; ; redirects += 1) {
      checkUrl(url);
      const answer = await get(url);
      if (REDIRECTS.has(answer.statusCode)) {
        discard(answer.body);
        const location = answer.headers.location;
        if (typeof location !== 'string') throw upstream();
        if (redirects === MAX_REDIRECTS)
          throw new AppError('UPSTREAM_FAILED', IMAGE_PROXY_MESSAGES.tooManyRedirects);
        url = new URL(location, url);
        continue;
      }
      if (answer.statusCode !== 200) {
        discard(answer.body);
        throw upstream();
      }
      if (!declaredImageType(answer.headers['content-type'])) {
        discard(answer.body);
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGE_PROXY_MESSAGES.notImage);
      }
      if (Number(answer.headers['content-length']) > IMAGE_PROXY_MAX_BYTES) {
        discard(answer.body);
        throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_PROXY_MESSAGES.tooLarge);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      try {
        for await (const chunk of answer.body) {
          size += chunk.length;
          if (size > IMAGE_PROXY_MAX_BYTES) {
            discard(answer.body);
            throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_PROXY_MESSAGES.tooLarge);
          }
          chunks.push(chunk);
        }
      } catch (e) {
        if (e instanceof AppError) throw e;
        throw upstream();
      }
      const body = Buffer.concat(chunks);
      const type = sniffImageType(body);
      if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGE_PROXY_MESSAGES.notImage);
      return { type, body };
    }
  }

  return { fetchImage, close: () => agent.close() };
}

export type ImageFetcher = ReturnType<typeof createImageFetcher>;

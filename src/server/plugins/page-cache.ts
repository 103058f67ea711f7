import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';

/** How long a rendered page is reused: its view count and "3 minutes ago" may lag this much. */
export const PAGE_CACHE_TTL_MS = 10_000;
/** Memory held by rendered pages (their text and its compressed forms), at most. */
const PAGE_CACHE_MAX_BYTES = 32 * 1024 * 1024;

export type PageEncoding = 'br' | 'gzip' | 'identity';

export interface CachedPage {
  /** A strong validator of exactly this body. */
  etag: string;
  /** The body in `encoding`, compressed once and kept. */
  body(encoding: PageEncoding): Buffer;
}

interface Entry extends CachedPage {
  until: number;
  bytes: number;
}

// Quality 5: ~5× smaller than the page at a millisecond or so for ~100 KB; 11 would take ~100 ms.
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };

/**
 * Pages as sent, by what they were rendered from (the caller's key). Rendering a paste page with
 * React and compressing it costs milliseconds; a read of the same paste costs a tenth of one. Who
 * may read the page is decided before the cache is asked (web-app.ts), so an entry never outlives
 * an expiry or a deletion; only the figures in it (views, relative times) may be up to the TTL old.
 */
export function createPageCache(opts: { now: () => number; ttlMs?: number; maxBytes?: number }) {
  const ttlMs = opts.ttlMs ?? PAGE_CACHE_TTL_MS;
  const maxBytes = opts.maxBytes ?? PAGE_CACHE_MAX_BYTES;
  const entries = new Map<string, Entry>();
  let bytes = 0;

  const drop = (key: string, entry: Entry) => {
    entries.delete(key);
    bytes -= entry.bytes;
  };

  return {
    /** The page kept for `key` while fresh, without waiting (the hot path's common answer). */
    fresh(key: string): CachedPage | undefined {
      const kept = entries.get(key);
      return kept && kept.until > opts.now() ? kept : undefined;
    },
    /** The page for `key`, rendered by `render` unless a fresh one is kept. */
    async get(key: string, render: () => Promise<string>): Promise<CachedPage> {
      // The key itself (a few hundred bytes): hashing it first would cost more than the lookup.
      const id = key;
      const now = opts.now();
      const kept = entries.get(id);
      if (kept && kept.until > now) return kept;
      if (kept) drop(id, kept);
      const html = Buffer.from(await render(), 'utf8');
      const encoded = new Map<PageEncoding, Buffer>([['identity', html]]);
      const entry: Entry = {
        etag: `"${createHash('sha1').update(html).digest('base64url')}"`,
        until: now + ttlMs,
        bytes: html.length + key.length * 2,
        body(encoding) {
          let out = encoded.get(encoding);
          if (out) return out;
          out = encoding === 'br' ? zlib.brotliCompressSync(html, BROTLI) : zlib.gzipSync(html);
          encoded.set(encoding, out);
          entry.bytes += out.length;
          if (entries.get(id) === entry) bytes += out.length;
          return out;
        },
      };
      if (html.length > maxBytes / 4) return entry; // a page this large is served, not kept
      entries.set(id, entry);
      bytes += entry.bytes;
      // Oldest first (insertion order); a little room is left for the encodings still to come.
      for (const [k, e] of entries) {
        if (bytes <= maxBytes * 0.75) break;
        drop(k, e);
      }
      return entry;
    },
  };
}

/** The encoding to send for an Accept-Encoding header: a browser sends the same one every time. */
const encodings = new Map<string, PageEncoding>();
export function encodingFor(accepted: string): PageEncoding {
  let encoding = encodings.get(accepted);
  if (encoding === undefined) {
    encoding = (negotiate(accepted, ['br', 'gzip']) ?? 'identity') as PageEncoding;
    // Headers are the client's to choose: only a few distinct ones are kept.
    if (encodings.size >= 64) encodings.clear();
    encodings.set(accepted, encoding);
  }
  return encoding;
}

import { Readable } from 'node:stream';
import { EXTREME_PASTE_BYTES } from '../../../common/constants.js';
import { PASTE_MESSAGES, tooLargeWhileReceivingMessage } from '../../../common/messages.js';
import {
  createSecretScanner,
  SECRET_SCAN_MAX_CHARS,
  type SecretFinding,
} from '../../../common/secret-scan.js';
import { AppError, badRequest } from '../../errors.js';
import { type BlobStore, BlobTooLargeError, newBlobKey } from '../../infra/blob-store/index.js';
import { keptBeside, type LineIndexes } from './line-index/line-index-store.js';

/**
 * Paste content that arrived as a byte stream (multipart file part, v1 raw body): already checked
 * for UTF-8 and size, and either held in memory (small enough for the row) or already in the
 * blob store. Never one 50 MB string: that is what blocked the event loop on the JSON path.
 */
export interface ReceivedContent {
  size: number;
  /** The text, when it may live in the row (small and without NUL). */
  inline: string | null;
  /** Where the bytes are otherwise; deleted again if the create is refused. */
  blobKey: string | null;
  /** Only whitespace (or nothing): the spec's "Please enter some content first". */
  blank: boolean;
  /** Likely credentials in the text (common/secret-scan), found as it passed. */
  secrets: SecretFinding[];
}

/**
 * Checks bytes as they pass: strict UTF-8 (decoded chunk by chunk, so a sequence split across
 * chunks is fine, and UTF-8 cannot carry a lone surrogate), the byte limit, whether any
 * non-whitespace character (as String#trim sees it) has come, and whether a NUL has.
 */
class TextCheck {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  readonly scanner = createSecretScanner();
  private scanned = 0;
  size = 0;
  hasText = false;
  hasNul = false;

  constructor(private readonly maxBytes: number) {}

  push(chunk: Buffer): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      throw new AppError('PAYLOAD_TOO_LARGE', tooLargeWhileReceivingMessage(this.maxBytes));
    }
    this.hasNul ||= chunk.includes(0);
    this.decode(() => this.decoder.decode(chunk, { stream: true }));
  }

  end(): void {
    this.decode(() => this.decoder.decode());
  }

  private decode(step: () => string): void {
    let text: string;
    try {
      text = step();
    } catch {
      throw badRequest(PASTE_MESSAGES.contentNotUtf8);
    }
    // \S is exactly what trim() keeps: neither WhiteSpace nor LineTerminator.
    if (!this.hasText) this.hasText = /\S/.test(text);
    // The first SECRET_SCAN_MAX_CHARS characters are scanned for credentials.
    if (this.scanned < SECRET_SCAN_MAX_CHARS) {
      const part = text.slice(0, SECRET_SCAN_MAX_CHARS - this.scanned);
      this.scanner.push(part);
      this.scanned += part.length;
    }
  }
}

async function* checked(source: AsyncIterable<Buffer>, check: TextCheck): AsyncGenerator<Buffer> {
  for await (const chunk of source) {
    check.push(chunk);
    yield chunk;
  }
  check.end();
}

/**
 * Reads paste content from a stream: up to `inlineMaxBytes` is kept in memory; past that, what
 * was read and the rest go straight into the blob store, through a line-index builder on the way
 * (the index is stored beside the blob when the content turns out extreme). Refused (nothing
 * kept) on invalid UTF-8 (400) or past `maxBytes` (413), at the chunk that breaks the rule.
 */
export async function receiveContent(
  source: AsyncIterable<Buffer>,
  opts: { blobs: BlobStore; maxBytes: number; inlineMaxBytes: number; lineIndexes: LineIndexes },
): Promise<ReceivedContent> {
  const check = new TextCheck(opts.maxBytes);
  const chunks = checked(source, check);
  const head: Buffer[] = [];
  let headBytes = 0;
  for (;;) {
    const next = await chunks.next();
    if (next.done) {
      const bytes = Buffer.concat(head);
      const result = { size: check.size, blank: !check.hasText, secrets: check.scanner.end() };
      // PostgreSQL text cannot hold NUL: such content goes to the blob store, which keeps bytes.
      if (!check.hasNul) return { ...result, inline: bytes.toString('utf8'), blobKey: null };
      const blobKey = newBlobKey('pastes');
      await opts.blobs.put(blobKey, bytes);
      return { ...result, inline: null, blobKey };
    }
    head.push(next.value);
    headBytes += next.value.length;
    if (headBytes > opts.inlineMaxBytes) break;
  }

  const lines = opts.lineIndexes.builder();
  async function* everything() {
    for (const chunk of head) {
      lines.push(chunk);
      yield chunk;
    }
    for await (const chunk of chunks) {
      lines.push(chunk);
      yield chunk;
    }
  }
  const blobKey = newBlobKey('pastes');
  try {
    await opts.blobs.put(blobKey, Readable.from(everything()), { maxBytes: opts.maxBytes });
  } catch (e) {
    if (e instanceof BlobTooLargeError) {
      throw new AppError('PAYLOAD_TOO_LARGE', tooLargeWhileReceivingMessage(opts.maxBytes));
    }
    throw e;
  }
  if (check.size > EXTREME_PASTE_BYTES) {
    await keptBeside(opts.blobs, blobKey, opts.lineIndexes.save(blobKey, lines.finish()));
  }
  return { size: check.size, blank: !check.hasText, inline: null, blobKey, secrets: check.scanner.end() };
}

import { Readable } from 'node:stream';
import { VERY_LARGE_PASTE_BYTES } from '../../../common/constants.js';
import { PASTE_MESSAGES, tooLargeWhileReceivingMessage } from '../../../common/messages.js';
import type { SecretScanResult } from '../../../common/secret-scan-slices.js';
import { AppError, badRequest } from '../../errors.js';
import { type BlobStore, BlobTooLargeError, newBlobKey } from '../../infra/blob-store/index.js';
import type { StreamScan } from '../../infra/clamd/clamd-client.js';
import { keptBeside, type LineIndexes } from '../line-index/line-index-store.js';
import { createSecretCheck, type SecretCheck } from './secret-check.js';

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
  /** The secret scan of the text (common/secret-scan-slices), made as it passed. */
  scan: SecretScanResult;
  /** The malware scan fed as the bytes passed, to conclude (null when scanning is off). */
  malwareScan: StreamScan | null;
}

/**
 * Checks bytes as they pass: strict UTF-8 (decoded chunk by chunk, so a sequence split across
 * chunks is fine, and UTF-8 cannot carry a lone surrogate), the byte limit, whether any
 * non-whitespace character (as String#trim sees it) has come, and whether a NUL has.
 */
class TextCheck {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  readonly secrets: SecretCheck;
  size = 0;
  hasText = false;
  hasNul = false;

  constructor(
    private readonly maxBytes: number,
    scanBudgetMs: number,
  ) {
    this.secrets = createSecretCheck(scanBudgetMs);
  }

  async push(chunk: Buffer): Promise<void> {
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      throw new AppError('PAYLOAD_TOO_LARGE', tooLargeWhileReceivingMessage(this.maxBytes));
    }
    this.hasNul ||= chunk.includes(0);
    await this.decode(() => this.decoder.decode(chunk, { stream: true }));
  }

  async end(): Promise<void> {
    await this.decode(() => this.decoder.decode());
  }

  private async decode(step: () => string): Promise<void> {
    let text: string;
    try {
      text = step();
    } catch {
      throw badRequest(PASTE_MESSAGES.contentNotUtf8);
    }
    // \S is exactly what trim() keeps: neither WhiteSpace nor LineTerminator.
    if (!this.hasText) this.hasText = /\S/.test(text);
    await this.secrets.push(text);
  }
}

async function* checked(
  source: AsyncIterable<Buffer>,
  check: TextCheck,
  malware: StreamScan | null,
): AsyncGenerator<Buffer> {
  for await (const chunk of source) {
    await check.push(chunk);
    // Paces the read to the scanner's socket, as the chunked assembly does.
    await malware?.push(chunk);
    yield chunk;
  }
  await check.end();
}

/**
 * Reads paste content from a stream: up to `inlineMaxBytes` is kept in memory; past that, what
 * was read and the rest go straight into the blob store, through a line-index builder on the way
 * (the index is stored beside the blob when the content turns out very large), and into the
 * malware scan, if one is given. Refused (nothing kept, the scan dropped) on invalid UTF-8 (400) or
 * past `maxBytes` (413), at the chunk that breaks the rule.
 */
export async function receiveContent(
  source: AsyncIterable<Buffer>,
  opts: {
    blobs: BlobStore;
    maxBytes: number;
    inlineMaxBytes: number;
    lineIndexes: LineIndexes;
    scanBudgetMs: number;
    malwareScan: StreamScan | null;
  },
): Promise<ReceivedContent> {
  try {
    return await receive(source, opts);
  } catch (e) {
    opts.malwareScan?.abort();
    throw e;
  }
}

async function receive(
  source: AsyncIterable<Buffer>,
  opts: Parameters<typeof receiveContent>[1],
): Promise<ReceivedContent> {
  const { malwareScan } = opts;
  const check = new TextCheck(opts.maxBytes, opts.scanBudgetMs);
  const chunks = checked(source, check, malwareScan);
  const head: Buffer[] = [];
  let headBytes = 0;
  for (;;) {
    const next = await chunks.next();
    if (next.done) {
      const bytes = Buffer.concat(head);
      const result = { size: check.size, blank: !check.hasText, scan: check.secrets.end(), malwareScan };
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
  if (check.size > VERY_LARGE_PASTE_BYTES) {
    await keptBeside(opts.blobs, blobKey, opts.lineIndexes.save(blobKey, lines.finish()));
  }
  const scan = check.secrets.end();
  return { size: check.size, blank: !check.hasText, inline: null, blobKey, scan, malwareScan };
}

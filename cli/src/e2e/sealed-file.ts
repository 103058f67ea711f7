import fsp from 'node:fs/promises';
import {
  chunkCount,
  LineCounter,
  type LineTable,
  newHeader,
  PSE1,
  sealChunk,
  sealedSize,
} from '../../../src/common/paste-crypto/index.js';
import { CliError, EXIT, usageError } from '../errors.js';
import type { SourceFile } from '../paste-source.js';

const CHUNK = 2 ** PSE1.DEFAULT_CHUNK_LOG2;
const SEALED_CHUNK = CHUNK + PSE1.TAG_BYTES;

/**
 * What must hold of the text as it is sealed, seen once per chunk in order: UTF-8 (the browser
 * reads nothing else), something besides white space, and the line table the huge viewer reads
 * (docs/encryption.md), counted on the way.
 */
class PlainWatcher {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private readonly lines = new LineCounter(CHUNK);
  private blank = true;

  constructor(private readonly name: string) {}

  see(plain: Uint8Array, final: boolean): void {
    this.lines.add(plain);
    let text: string;
    try {
      text = this.decoder.decode(plain, { stream: !final });
    } catch {
      throw usageError(`${this.name} is not UTF-8 text: an encrypted paste holds text`);
    }
    if (this.blank && /\S/.test(text)) this.blank = false;
    if (final && this.blank) throw usageError(`nothing to paste: ${this.name} is empty or only white space`);
  }

  table(): LineTable {
    return this.lines.finish();
  }
}

/**
 * A file as the pse1 stream it seals to under `key` (1 MiB chunks, a new random nonce prefix), read
 * by byte range: each range is sealed from the file as it is read, one chunk at a time, so memory
 * stays flat and a chunked upload can send (and resend) any slice of it. A chunk sealed again
 * must give the same bytes: were the file changed meanwhile, its nonce would seal other text, which
 * AES-GCM must never do — so each chunk's tag is kept (16 bytes a MiB) and a resealed chunk whose
 * tag differs is never sent.
 */
export class SealedFile {
  readonly size: number;
  private readonly header: Uint8Array;
  private readonly chunks: number;
  private readonly tags: Uint8Array;
  /** Chunks sealed so far (in order: a read goes forward, a retry goes back). */
  private sealedChunks = 0;
  private readonly watcher: PlainWatcher;

  constructor(
    private readonly file: SourceFile,
    private readonly key: CryptoKey,
  ) {
    this.header = newHeader();
    this.chunks = chunkCount(file.size);
    this.size = sealedSize(file.size);
    this.tags = new Uint8Array(this.chunks * PSE1.TAG_BYTES);
    this.watcher = new PlainWatcher(file.name ?? 'standard input');
  }

  /** Sealed bytes [start, start + length), in pieces; each piece is a fresh buffer. */
  async *read(start: number, length: number): AsyncGenerator<Uint8Array> {
    const end = start + length;
    if (start < PSE1.HEADER_BYTES) yield this.header.slice(start, Math.min(PSE1.HEADER_BYTES, end));
    const handle = await fsp.open(this.file.path, 'r');
    const plain = Buffer.allocUnsafe(Math.min(CHUNK, Math.max(1, this.file.size)));
    try {
      const first = Math.floor(Math.max(0, start - PSE1.HEADER_BYTES) / SEALED_CHUNK);
      for (let i = first; i < this.chunks && this.offsetOf(i) < end; i++) {
        const sealed = await this.sealAt(handle, plain, i);
        const at = this.offsetOf(i);
        yield sealed.subarray(Math.max(0, start - at), Math.min(sealed.length, end - at));
      }
    } finally {
      await handle.close();
    }
  }

  /** The line table of the text read so far: the whole text's once every byte was read. */
  lineTable(): LineTable {
    return this.watcher.table();
  }

  private offsetOf(index: number): number {
    return PSE1.HEADER_BYTES + index * SEALED_CHUNK;
  }

  private async sealAt(handle: fsp.FileHandle, buffer: Buffer, index: number): Promise<Uint8Array> {
    const length = Math.min(CHUNK, this.file.size - index * CHUNK);
    const { bytesRead } = await handle.read(buffer, 0, length, index * CHUNK);
    if (bytesRead !== length) throw changed(this.file);
    const final = index === this.chunks - 1;
    const plain = buffer.subarray(0, length);
    if (index === this.sealedChunks) this.watcher.see(plain, final);
    const sealed = await sealChunk(this.key, this.header, index, plain, final);
    const tag = sealed.subarray(sealed.length - PSE1.TAG_BYTES);
    const kept = this.tags.subarray(index * PSE1.TAG_BYTES, (index + 1) * PSE1.TAG_BYTES);
    if (index === this.sealedChunks) {
      kept.set(tag);
      this.sealedChunks += 1;
    } else if (index > this.sealedChunks) {
      throw new Error(`chunk ${index} sealed before chunk ${this.sealedChunks}`);
    } else if (!Buffer.from(kept).equals(Buffer.from(tag))) {
      throw changed(this.file);
    }
    return sealed;
  }
}

const changed = (file: SourceFile) =>
  new CliError(
    `${file.name ?? 'standard input'} changed while it was being sent: nothing was kept`,
    EXIT.usage,
  );

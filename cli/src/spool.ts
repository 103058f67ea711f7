import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** Bytes kept in memory before the spool moves to a file. */
const IN_MEMORY_BYTES = 8 * 1024 * 1024;
const PIECE = 1024 * 1024;

/**
 * Bytes held back until they are known to be good (a decrypted paste, printed only once its last
 * chunk has opened): in memory up to 8 MiB, then in a private temporary file (mode 0600), so
 * memory stays flat whatever the size. `dispose` removes the file, as does an interrupt.
 */
export class Spool {
  private parts: Uint8Array[] = [];
  private held = 0;
  private dir: string | undefined;
  private file: fsp.FileHandle | undefined;
  private written = 0;

  async write(bytes: Uint8Array): Promise<void> {
    if (!this.file && this.held + bytes.length <= IN_MEMORY_BYTES) {
      // Copied: the producer may reuse its buffer.
      this.parts.push(Buffer.from(bytes));
      this.held += bytes.length;
      return;
    }
    if (!this.file) {
      this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasteshare-'));
      // Interrupted (Ctrl-C, a kill), the plaintext is removed before the process ends as the signal says.
      process.once('SIGINT', this.onSignal);
      process.once('SIGTERM', this.onSignal);
      this.file = await fsp.open(path.join(this.dir, 'paste'), 'w+', 0o600);
      for (const part of this.parts) await this.append(part);
      this.parts = [];
      this.held = 0;
    }
    await this.append(bytes);
  }

  private async append(bytes: Uint8Array): Promise<void> {
    await this.file!.write(bytes, 0, bytes.length, this.written);
    this.written += bytes.length;
  }

  /** What was written, in order. */
  async *read(): AsyncGenerator<Uint8Array> {
    if (!this.file) {
      yield* this.parts;
      return;
    }
    const buffer = Buffer.allocUnsafe(PIECE);
    for (let at = 0; at < this.written; ) {
      const { bytesRead } = await this.file.read(buffer, 0, Math.min(PIECE, this.written - at), at);
      if (bytesRead === 0) break;
      // A copy (Buffer's slice would be a view): a pipe may still hold the piece when the next is read.
      yield Buffer.from(buffer.subarray(0, bytesRead));
      at += bytesRead;
    }
  }

  private readonly onSignal = (signal: NodeJS.Signals) => {
    if (this.dir) fs.rmSync(this.dir, { recursive: true, force: true });
    process.kill(process.pid, signal);
  };

  async dispose(): Promise<void> {
    this.parts = [];
    process.off('SIGINT', this.onSignal);
    process.off('SIGTERM', this.onSignal);
    await this.file?.close();
    if (this.dir) fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A web stream's pieces as an async iterable (the DOM typings give ReadableStream none). */
export async function* piecesOf(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    // Stopped early (an error on our side): the rest is not wanted.
    await reader.cancel().catch(() => {});
  }
}

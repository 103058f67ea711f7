import type { Readable } from 'node:stream';
import type { ByteRange } from '../../infra/blob-store/index.js';
import { entryAtOrBefore, type LineIndex } from './format.js';

/** Opens the content's bytes from range.start to range.end (inclusive). */
export type OpenRange = (range: ByteRange) => Promise<Readable>;

export interface WindowLimits {
  /** Characters (UTF-16 code units) kept of one line; the rest is cut and the line marked. */
  lineMaxChars: number;
  /** Bytes read past the window's first line after which no further line is started. */
  maxBytes: number;
}

export interface LineWindow {
  lines: string[];
  /** Numbers of the lines in `lines` that were cut at lineMaxChars. */
  truncated: number[];
}

const LF = 10;
const CR = 13;

/**
 * One line's bytes as they arrive, keeping at most `captureMax` of them: enough for lineMaxChars
 * characters (4 bytes can hold 1 code unit, never fewer) and a CR.
 */
class LineBytes {
  private parts: Buffer[] = [];
  private kept = 0;
  total = 0;

  constructor(private readonly captureMax: number) {}

  add(bytes: Buffer): void {
    this.total += bytes.length;
    const room = this.captureMax - this.kept;
    if (room <= 0) return;
    const part = bytes.length <= room ? bytes : bytes.subarray(0, room);
    this.parts.push(part);
    this.kept += part.length;
  }

  get cut(): boolean {
    return this.total > this.kept;
  }

  /** The line as text; the CR of a CRLF ending dropped, a cut line cut at a character's edge. */
  text(endsWithLf: boolean, maxChars: number): { text: string; truncated: boolean } {
    let bytes = this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts, this.kept);
    const cut = this.cut;
    if (!cut && endsWithLf && bytes[bytes.length - 1] === CR) bytes = bytes.subarray(0, -1);
    // A cut line may end inside a character: a streaming decoder leaves that tail out.
    let text = cut
      ? new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes, { stream: true })
      : bytes.toString('utf8');
    const truncated = cut || text.length > maxChars;
    if (text.length > maxChars) {
      const code = text.charCodeAt(maxChars - 1);
      text = text.slice(0, code >= 0xd800 && code <= 0xdbff ? maxChars - 1 : maxChars);
    }
    this.parts = [];
    this.kept = 0;
    this.total = 0;
    return { text, truncated };
  }
}

/**
 * Lines from..from+count-1 of the content: one ranged read from the index entry at or before
 * `from`, newlines counted (not decoded) up to it, then each line's bytes gathered and decoded
 * whole, so a character split across read chunks decodes right. Memory is bounded by count lines
 * of at most lineMaxChars each. Past maxBytes no further line is begun, and a line already cut
 * that runs past it ends the window without being read to its end: the next window starts at the
 * next line, which the index then finds near (a line start that far past an entry has one).
 */
export async function readLineWindow(
  open: OpenRange,
  index: LineIndex,
  from: number,
  count: number,
  limits: WindowLimits,
): Promise<LineWindow> {
  const out: LineWindow = { lines: [], truncated: [] };
  if (from > index.totalLines || count < 1) return out;
  if (index.sizeBytes === 0) {
    out.lines.push('');
    return out;
  }
  const entry = entryAtOrBefore(index, from);
  let toSkip = from - index.lines[entry]!;
  const line = new LineBytes(limits.lineMaxChars * 4 + 1);
  let read = 0;
  const emit = (endsWithLf: boolean) => {
    const { text, truncated } = line.text(endsWithLf, limits.lineMaxChars);
    if (truncated) out.truncated.push(from + out.lines.length);
    out.lines.push(text);
  };

  const source = await open({ start: index.offsets[entry]!, end: index.sizeBytes - 1 });
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      let pos = 0;
      while (toSkip > 0 && pos < chunk.length) {
        const lf = chunk.indexOf(LF, pos);
        if (lf === -1) pos = chunk.length;
        else {
          toSkip--;
          pos = lf + 1;
        }
      }
      while (pos < chunk.length) {
        const lf = chunk.indexOf(LF, pos);
        const end = lf === -1 ? chunk.length : lf;
        line.add(chunk.subarray(pos, end));
        read += end - pos + (lf === -1 ? 0 : 1);
        if (lf === -1) {
          if (line.cut && read >= limits.maxBytes) {
            emit(false);
            return out;
          }
          break;
        }
        emit(true);
        pos = lf + 1;
        if (out.lines.length >= count || read >= limits.maxBytes) return out;
      }
    }
  } finally {
    source.destroy();
  }
  // The end of the text: a last line without a line end (a final LF starts none).
  if (toSkip === 0 && from + out.lines.length <= index.totalLines) emit(false);
  return out;
}

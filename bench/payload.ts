/** The paste every scenario uses: 2 KiB of plain ASCII text in lines, identical on every run. */
export const PASTE_BYTES = 2048;

export function pasteContent(bytes = PASTE_BYTES): string {
  const words = ['const', 'value', 'return', 'function', 'paste', 'share', 'bench', 'latency', 'request'];
  let text = '';
  for (let line = 1; text.length < bytes; line++) {
    const w = words.map((_, i) => words[(line * 7 + i * 3) % words.length]).join(' ');
    text += `${String(line).padStart(3, '0')}: ${w}\n`;
  }
  return `${text.slice(0, bytes - 1)}\n`;
}

/**
 * Paste number `n` of the GET-many set: the same 2 KiB with the start of its first line overwritten
 * by `#<n>`, so every paste's content differs and all have exactly `bytes` bytes.
 */
export function distinctPasteContent(n: number, bytes = PASTE_BYTES): string {
  if (!Number.isInteger(n) || n < 0 || n >= 1e12) throw new Error(`paste number out of range: ${n}`);
  const base = pasteContent(bytes);
  const tag = `001: #${String(n).padStart(12, '0')}`;
  return tag + base.slice(tag.length);
}

/** The body of POST /api/pastes: a public 2 KiB paste kept for a week. */
export function createPasteBody(content = pasteContent()): string {
  return JSON.stringify({ title: 'bench paste', content, privacy: 'public', expiration: '1w' });
}

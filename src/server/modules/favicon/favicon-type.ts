/** The image types a favicon may be, decided by the file's first bytes, never by its name. */
export const FAVICON_TYPES = {
  png: 'image/png',
  ico: 'image/x-icon',
  jpg: 'image/jpeg',
  svg: 'image/svg+xml',
} as const;
export type FaviconExt = keyof typeof FAVICON_TYPES;

export function faviconTypeOf(head: Buffer): FaviconExt | null {
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head.subarray(0, 4).equals(Buffer.from([0x00, 0x00, 0x01, 0x00]))) return 'ico';
  if (head.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))) return 'jpg';
  // SVG is text: an optional BOM, XML declaration, comments or doctype, then <svg.
  const text = head
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i.test(text)) return 'svg';
  return null;
}

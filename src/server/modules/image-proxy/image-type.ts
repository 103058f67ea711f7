/** The image types the proxy serves: raster formats only, never SVG (a document that can run script). */
export const PROXIED_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'] as const;
export type ProxiedType = (typeof PROXIED_TYPES)[number];

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

/** The image type a body is by its first bytes (the Content-Type a host sends is only a claim). */
export function sniffImageType(head: Buffer): ProxiedType | null {
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10]))) {
    return 'image/png';
  }
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  const six = ascii(head, 0, 6);
  if (six === 'GIF87a' || six === 'GIF89a') return 'image/gif';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'image/webp';
  // An ISO-BMFF file whose major brand is AVIF (still image or sequence).
  if (ascii(head, 4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(head, 8, 12))) return 'image/avif';
  return null;
}

/** The Content-Type a host declared, when it is one of ours (image/jpg is an old name of image/jpeg). */
export function declaredImageType(header: string | string[] | undefined): ProxiedType | null {
  const value = (Array.isArray(header) ? header[0] : header)?.split(';')[0]?.trim().toLowerCase();
  if (value === 'image/jpg') return 'image/jpeg';
  return PROXIED_TYPES.find((t) => t === value) ?? null;
}

import type { PasteView } from '../../../../common/schemas/paste';
import type { PasteFileView } from '../../../../common/schemas/paste-files';

/**
 * One file of a multi-file paste, as the paste's answer carries it (size in UTF-8 bytes; no
 * content where the paste's answer has none, as for a paste too large to show).
 */
export type PasteFile = PasteFileView;

/** The files of a multi-file paste (or a revision of one); absent for an ordinary paste. */
export function filesOf(view: object): PasteFile[] | null {
  const files = (view as { files?: PasteFile[] }).files;
  return Array.isArray(files) && files.length > 0 ? files : null;
}

/**
 * Each file's anchor (`#file-{slug}`, lines `#file-{slug}-L12`): its name in lower-case letters and
 * digits, other runs as '-'; a name with none gets its place, and a repeat its place after it.
 */
export function fileSlugs(names: string[]): string[] {
  const seen = new Set<string>();
  return names.map((name, index) => {
    const base =
      name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '') || String(index + 1);
    const slug = seen.has(base) ? `${base}-${index + 1}` : base;
    seen.add(slug);
    return slug;
  });
}

function fileUrl(paste: Pick<PasteView, 'id' | 'accessToken'>, name: string, what: 'raw' | 'download') {
  const access = paste.accessToken ? `?access=${encodeURIComponent(paste.accessToken)}` : '';
  return `/api/pastes/${encodeURIComponent(paste.id)}/files/${encodeURIComponent(name)}/${what}${access}`;
}

/** One file's text, inline as text/plain. */
export function fileRawUrl(paste: Pick<PasteView, 'id' | 'accessToken'>, name: string): string {
  return fileUrl(paste, name, 'raw');
}

/** One file as an attachment under its own name. */
export function fileDownloadUrl(paste: Pick<PasteView, 'id' | 'accessToken'>, name: string): string {
  return fileUrl(paste, name, 'download');
}

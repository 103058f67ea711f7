import { languageOfFileName, type PasteLanguage } from '../../../common/languages.js';
import type { CreatePasteInput } from '../../../common/schemas/paste.js';
import type { PasteFileInput, PasteFileView } from '../../../common/schemas/paste-files.js';
import type { PasteContent } from './paste-content-store.js';

/**
 * A multi-file paste is stored as ONE content, its files' UTF-8 bytes concatenated, and a manifest
 * saying where each ends. Storage, revisions, forks, search, the content rules and backups all keep
 * working on that one content; a file is a byte range of it.
 */
export interface FileEntry {
  name: string;
  language: PasteLanguage | null;
  /** Its UTF-8 bytes in the content. */
  bytes: number;
}
export type FileManifest = FileEntry[];

/** A create as a route hands it over: its text as `content` (a string or received), or its `files`. */
export type CreatePasteRequest = Omit<CreatePasteInput, 'content' | 'files'> & {
  content?: PasteContent | undefined;
  files?: PasteFileInput[] | undefined;
};
/** A create with its files joined into one content; `manifest` null for one file. */
export type JoinedRequest = Omit<CreatePasteRequest, 'content' | 'files'> & {
  content: PasteContent;
  manifest: FileManifest | null;
};

/** Where a file lies in the content: bytes [start, start + entry.bytes). */
export interface FileSpan {
  entry: FileEntry;
  start: number;
}

/** The files as one content and its manifest. Names are kept trimmed, as they were checked. */
export function joinFiles(files: readonly PasteFileInput[]): { content: string; manifest: FileManifest } {
  const manifest = files.map((f) => {
    const name = f.name.trim();
    return {
      name,
      language: f.language ?? languageOfFileName(name),
      bytes: Buffer.byteLength(f.content, 'utf8'),
    };
  });
  return { content: files.map((f) => f.content).join(''), manifest };
}

/** The manifest column's text (null for a one-file paste). */
export const manifestJson = (manifest: FileManifest | null): string | null =>
  manifest ? JSON.stringify(manifest) : null;

/** The manifest a column holds; null for a one-file paste. */
export function parseManifest(json: string | null): FileManifest | null {
  if (json === null) return null;
  const parsed = JSON.parse(json) as FileManifest;
  return Array.isArray(parsed) && parsed.length > 0 ? parsed : null;
}

const manifests = new WeakMap<object, FileManifest | null>();

/** A row's manifest, parsed once per row object (the hot-row cache reads the same one again). */
export function manifestOfRow(row: { files: string | null }): FileManifest | null {
  if (row.files === null) return null;
  let manifest = manifests.get(row);
  if (manifest === undefined) {
    manifest = parseManifest(row.files);
    manifests.set(row, manifest);
  }
  return manifest;
}

/** The spans of every file, in order. */
export function spansOf(manifest: FileManifest): FileSpan[] {
  let start = 0;
  return manifest.map((entry) => {
    const span = { entry, start };
    start += entry.bytes;
    return span;
  });
}

/** The file named `name` exactly (names are as stored: trimmed); null when there is none. */
export function findSpan(manifest: FileManifest, name: string): FileSpan | null {
  return spansOf(manifest).find((s) => s.entry.name === name) ?? null;
}

/**
 * The files as a view shows them; `content` is the whole text, or undefined when the view
 * withholds it (then the files carry no content either).
 */
export function filesView(manifest: FileManifest, content: string | undefined): PasteFileView[] {
  const bytes = content === undefined ? null : Buffer.from(content, 'utf8');
  return spansOf(manifest).map(({ entry, start }) => ({
    name: entry.name,
    language: entry.language,
    size: entry.bytes,
    ...(bytes ? { content: bytes.toString('utf8', start, start + entry.bytes) } : {}),
  }));
}

/** The text of the first file: what `content` holds in the view of a multi-file paste. */
export function firstFileText(manifest: FileManifest, content: string): string {
  const first = manifest[0]!;
  return first.bytes === Buffer.byteLength(content, 'utf8')
    ? content
    : Buffer.from(content, 'utf8').toString('utf8', 0, first.bytes);
}

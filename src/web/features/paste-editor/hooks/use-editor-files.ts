import { useCallback, useRef, useState } from 'react';
import { PASTE_FILES_MAX } from '../../../../common/constants';
import type { PasteLanguage } from '../../../../common/languages';
import type { EditorFile } from '../lib/editor-files';

type FileSeed = { name: string; content: string; language?: PasteLanguage | null };

/**
 * The form's files: null while it is the single editor of an ordinary paste; "Add file" turns it
 * into a list (the editor's text as the first file), at most PASTE_FILES_MAX long.
 */
export function useEditorFiles(initial: FileSeed[] | null = null) {
  const nextKey = useRef(0);
  const make = useCallback(
    (seed: FileSeed): EditorFile => ({
      key: nextKey.current++,
      name: seed.name,
      content: seed.content,
      language: seed.language ?? null,
    }),
    [],
  );
  const [files, setFiles] = useState<EditorFile[] | null>(() => initial?.map(make) ?? null);

  /** Adds an empty file; the first time, the single editor's text becomes file 1. */
  const add = useCallback(
    (single: { content: string; language: PasteLanguage | null }) =>
      setFiles((current) => {
        const list = current ?? [make({ name: '', content: single.content, language: single.language })];
        if (list.length >= PASTE_FILES_MAX) return list;
        return [...list, make({ name: '', content: '' })];
      }),
    [make],
  );
  const update = useCallback(
    (key: number, patch: Partial<Omit<EditorFile, 'key'>>) =>
      setFiles(
        (current) => current?.map((file) => (file.key === key ? { ...file, ...patch } : file)) ?? null,
      ),
    [],
  );
  /** The last file is never removed: the form always has somewhere to type. */
  const remove = useCallback(
    (key: number) =>
      setFiles((current) =>
        current && current.length > 1 ? current.filter((file) => file.key !== key) : current,
      ),
    [],
  );
  /** Back to the single editor (null), or the list as it was (Clear's Undo). */
  const restore = useCallback((list: EditorFile[] | null) => setFiles(list), []);
  return { files, add, update, remove, restore };
}

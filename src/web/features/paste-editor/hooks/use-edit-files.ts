import { useMemo, useState } from 'react';
import { languageOfFileName } from '../../../../common/languages';
import { PASTE_MESSAGES } from '../../../../common/messages';
import { filesOf, type PasteFile } from '../../pastes';
import { type EditorFile, fileNameProblems, filesToSend, isPlainPaste } from '../lib/editor-files';
import { useEditorFiles } from './use-editor-files';

/** A stored file as the form holds it: a language its name already says follows the name. */
function seedOf(file: PasteFile) {
  return {
    name: file.name,
    content: file.content ?? '',
    language: file.language === languageOfFileName(file.name) ? null : file.language,
  };
}

/**
 * The edit form's files: a multi-file paste's, or none until "Add file" (the single editor's text
 * becomes file 1). What changed, what is wrong with the names, and what the edit sends.
 */
export function useEditFiles(paste: object, content: string) {
  const stored = useMemo(() => filesOf(paste), [paste]);
  const multi = useEditorFiles(stored?.map(seedOf) ?? null);
  const [nameErrors, setNameErrors] = useState<Record<number, string>>({});
  const { files } = multi;
  const sent = files && !isPlainPaste(files) ? files : null;
  const before = stored ? JSON.stringify(filesToSend(stored.map((f, key) => ({ key, ...seedOf(f) })))) : '';
  const changed =
    files !== null && (sent ? JSON.stringify(filesToSend(sent)) !== before : files[0]?.content !== content);

  /** Why the files cannot be saved (said in a toast; each name's problem under it), or null. */
  function problem(): string | null {
    if (!files) return null;
    const problems = sent ? fileNameProblems(sent) : {};
    setNameErrors(problems);
    const first = Object.values(problems)[0];
    if (first) return first;
    return files.every((file: EditorFile) => !file.content.trim()) ? PASTE_MESSAGES.emptyContent : null;
  }

  return {
    multi,
    files,
    changed,
    nameErrors,
    clearErrors: () => setNameErrors({}),
    problem,
    /** The edit's text: `files`, or `content` for one unnamed file; undefined = the single editor's. */
    body: sent ? { files: filesToSend(sent) } : files ? { content: files[0]?.content ?? '' } : undefined,
    /** The text checked for secrets. */
    text: files ? files.map((file) => file.content).join('\n') : null,
  };
}

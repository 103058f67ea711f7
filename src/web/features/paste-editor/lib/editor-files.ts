import { FILE_NAME_MAX_LENGTH } from '../../../../common/constants';
import { languageOfFileName, type PasteLanguage } from '../../../../common/languages';
import { PASTE_FILE_MESSAGES } from '../../../../common/messages';

/** One file in the create or edit form; `language` null follows the name's extension. */
export interface EditorFile {
  /** React's key: names change as they are typed. */
  key: number;
  name: string;
  content: string;
  language: PasteLanguage | null;
}

/** The language a file is sent with: chosen, else its name's, else none (detected when shown). */
export function languageToSend(file: EditorFile): PasteLanguage | null {
  return file.language ?? languageOfFileName(file.name.trim());
}

// Control characters and the two path separators: a name is one file, never a path.
const FORBIDDEN = /[\p{Cc}/\\]/u;
/** Names are unique without regard to case (the server's key, common/schemas/paste-files). */
const nameKey = (name: string) => name.trim().normalize('NFC').toLowerCase();

/**
 * Why a file's name is refused, or null: the server's rules (common/schemas/paste-files, which
 * loads zod, kept out of the create screen's first load), so the form says it before sending.
 */
export function fileNameProblem(name: string, others: string[]): string | null {
  const trimmed = name.trim();
  const fits = trimmed.length >= 1 && trimmed.length <= FILE_NAME_MAX_LENGTH;
  if (!fits || FORBIDDEN.test(trimmed) || trimmed === '.' || trimmed === '..')
    return PASTE_FILE_MESSAGES.badName;
  if (others.some((other) => nameKey(other) === nameKey(name))) return PASTE_FILE_MESSAGES.duplicateName;
  return null;
}

/** Each file's name problem by its key (none = all fine). */
export function fileNameProblems(files: EditorFile[]): Record<number, string> {
  const problems: Record<number, string> = {};
  files.forEach((file, index) => {
    const earlier = files.slice(0, index).map((f) => f.name);
    const problem = fileNameProblem(file.name, earlier);
    if (problem) problems[file.key] = problem;
  });
  return problems;
}

/** One file left without a name is an ordinary paste: sent as `content`, as before files existed. */
export function isPlainPaste(files: EditorFile[]): boolean {
  return files.length === 1 && files[0]?.name.trim() === '';
}

/** The `files` of a create or an edit. */
export function filesToSend(files: EditorFile[]) {
  return files.map((file) => {
    const language = languageToSend(file);
    return { name: file.name.trim(), content: file.content, ...(language ? { language } : {}) };
  });
}

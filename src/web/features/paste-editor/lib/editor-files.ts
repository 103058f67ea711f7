import { LANGUAGES, type PasteLanguage } from '../../../../common/languages';
import { FILE_MESSAGES, MAX_PASTE_FILES, PASTE_FILE_NAME_MAX } from './file-rules';

/** One file in the create or edit form; `language` null follows the name's extension. */
export interface EditorFile {
  /** React's key: names change as they are typed. */
  key: number;
  name: string;
  content: string;
  language: PasteLanguage | null;
}

/** Extensions beyond each language's own (common/languages) that name a language. */
const MORE_EXTENSIONS: Record<string, PasteLanguage> = {
  bash: 'bash',
  zsh: 'bash',
  h: 'c',
  hpp: 'cpp',
  cc: 'cpp',
  cxx: 'cpp',
  html: 'xml',
  htm: 'xml',
  svg: 'xml',
  toml: 'ini',
  conf: 'ini',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  tsx: 'typescript',
  mts: 'typescript',
  markdown: 'markdown',
  yml: 'yaml',
  txt: 'plaintext',
  log: 'plaintext',
  patch: 'diff',
};

/** The language a file's name says (`app.py` → python, `Dockerfile` → dockerfile), or null. */
export function languageOfName(name: string): PasteLanguage | null {
  const lower = name.trim().toLowerCase();
  if (lower === 'dockerfile' || lower.startsWith('dockerfile.')) return 'dockerfile';
  const dot = lower.lastIndexOf('.');
  if (dot < 0) return null;
  const ext = lower.slice(dot + 1);
  return LANGUAGES.find((l) => l.ext === ext)?.id ?? MORE_EXTENSIONS[ext] ?? null;
}

/** The language a file is sent with: chosen, else its name's, else none (detected when shown). */
export function languageToSend(file: EditorFile): PasteLanguage | null {
  return file.language ?? languageOfName(file.name);
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds.
const FORBIDDEN = /[/\\\u0000-\u001f\u007f]/;

/** Why a file's name is refused (the server's rules, so the form says it before sending), or null. */
export function fileNameProblem(name: string, others: string[]): string | null {
  const trimmed = name.trim();
  if (!trimmed) return FILE_MESSAGES.nameRequired;
  if (trimmed.length > PASTE_FILE_NAME_MAX) return FILE_MESSAGES.nameTooLong;
  if (FORBIDDEN.test(trimmed) || trimmed === '.' || trimmed === '..') return FILE_MESSAGES.nameInvalid;
  const lower = trimmed.toLowerCase();
  if (others.some((other) => other.trim().toLowerCase() === lower)) return FILE_MESSAGES.duplicateName;
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

export { MAX_PASTE_FILES };

/**
 * Languages a paste can be highlighted as (highlight.js ids), in the picker's order, with the file
 * extension a download of such a paste gets. 'plaintext' is no highlighting.
 */
export const LANGUAGES = [
  { id: 'bash', label: 'Bash / Shell', ext: 'sh' },
  { id: 'c', label: 'C', ext: 'c' },
  { id: 'cpp', label: 'C++', ext: 'cpp' },
  { id: 'csharp', label: 'C#', ext: 'cs' },
  { id: 'css', label: 'CSS', ext: 'css' },
  { id: 'diff', label: 'Diff', ext: 'diff' },
  { id: 'dockerfile', label: 'Dockerfile', ext: 'dockerfile' },
  { id: 'go', label: 'Go', ext: 'go' },
  { id: 'xml', label: 'HTML / XML', ext: 'xml' },
  { id: 'ini', label: 'INI / TOML', ext: 'ini' },
  { id: 'java', label: 'Java', ext: 'java' },
  { id: 'javascript', label: 'JavaScript', ext: 'js' },
  { id: 'json', label: 'JSON', ext: 'json' },
  { id: 'kotlin', label: 'Kotlin', ext: 'kt' },
  { id: 'markdown', label: 'Markdown', ext: 'md' },
  { id: 'php', label: 'PHP', ext: 'php' },
  { id: 'python', label: 'Python', ext: 'py' },
  { id: 'ruby', label: 'Ruby', ext: 'rb' },
  { id: 'rust', label: 'Rust', ext: 'rs' },
  { id: 'sql', label: 'SQL', ext: 'sql' },
  { id: 'swift', label: 'Swift', ext: 'swift' },
  { id: 'typescript', label: 'TypeScript', ext: 'ts' },
  { id: 'yaml', label: 'YAML', ext: 'yaml' },
] as const;

export type LanguageId = (typeof LANGUAGES)[number]['id'];

/** What a paste may be stored as: a language, or plain text. Absent (null) = detect when shown. */
export const PASTE_LANGUAGES = ['plaintext', ...LANGUAGES.map((l) => l.id)] as ['plaintext', ...LanguageId[]];
export type PasteLanguage = LanguageId | 'plaintext';

export function isPasteLanguage(value: unknown): value is PasteLanguage {
  return typeof value === 'string' && (PASTE_LANGUAGES as string[]).includes(value);
}

/** The extension a download gets: the language's, or txt. */
export function extensionOf(language: string | null | undefined): string {
  return LANGUAGES.find((l) => l.id === language)?.ext ?? 'txt';
}

/** Extensions a title may already end with: it then keeps its own ('debounce.js', 'app.log'). */
const KNOWN_EXTENSIONS = new Set([
  ...LANGUAGES.map((l) => l.ext),
  'txt',
  'log',
  'jsx',
  'tsx',
  'h',
  'hpp',
  'html',
  'yml',
  'toml',
  'csv',
  'conf',
  'env',
]);

/**
 * A download's file name: the title with letters and digits of any script, '.', '_' and '-' kept,
 * spaces as '-' ('My notes!' → 'My-notes'), at most 80 characters, else 'paste-<id>'; then the
 * language's extension — unless the title already ends with a known one ('debounce.js' stays,
 * never 'debounce.js.txt').
 */
export function downloadFileName(
  title: string | null,
  id: string,
  language: string | null | undefined,
): string {
  const base =
    (title ?? '')
      .replace(/[^\p{L}\p{N}._ -]+/gu, '')
      .trim()
      .replace(/\s+/g, '-')
      .replace(/^\.+/, '')
      .slice(0, 80) || `paste-${id}`;
  const dot = base.lastIndexOf('.');
  const own = dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
  return KNOWN_EXTENSIONS.has(own) ? base : `${base}.${extensionOf(language)}`;
}

/** Extensions that are not a language's own download extension but name one. */
const EXTENSION_ALIASES: Record<string, PasteLanguage> = {
  bash: 'bash',
  zsh: 'bash',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  tsx: 'typescript',
  mts: 'typescript',
  h: 'c',
  hpp: 'cpp',
  cc: 'cpp',
  html: 'xml',
  htm: 'xml',
  svg: 'xml',
  yml: 'yaml',
  toml: 'ini',
  conf: 'ini',
  patch: 'diff',
  kts: 'kotlin',
  txt: 'plaintext',
  log: 'plaintext',
};

/**
 * The language a file's name says ('main.py' → python, 'Dockerfile' → dockerfile); null when it
 * says none (detected when shown).
 */
export function languageOfFileName(name: string): PasteLanguage | null {
  const lower = name.toLowerCase();
  if (lower === 'dockerfile' || lower.startsWith('dockerfile.')) return 'dockerfile';
  const dot = lower.lastIndexOf('.');
  if (dot < 0) return null;
  const ext = lower.slice(dot + 1);
  return LANGUAGES.find((l) => l.ext === ext)?.id ?? EXTENSION_ALIASES[ext] ?? null;
}

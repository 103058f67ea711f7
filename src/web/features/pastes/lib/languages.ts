/** Languages the paste view can highlight (highlight.js ids), in the picker's order. */
export const LANGUAGES = [
  { id: 'bash', label: 'Bash / Shell' },
  { id: 'c', label: 'C' },
  { id: 'cpp', label: 'C++' },
  { id: 'csharp', label: 'C#' },
  { id: 'css', label: 'CSS' },
  { id: 'diff', label: 'Diff' },
  { id: 'dockerfile', label: 'Dockerfile' },
  { id: 'go', label: 'Go' },
  { id: 'xml', label: 'HTML / XML' },
  { id: 'ini', label: 'INI / TOML' },
  { id: 'java', label: 'Java' },
  { id: 'javascript', label: 'JavaScript' },
  { id: 'json', label: 'JSON' },
  { id: 'kotlin', label: 'Kotlin' },
  { id: 'markdown', label: 'Markdown' },
  { id: 'php', label: 'PHP' },
  { id: 'python', label: 'Python' },
  { id: 'ruby', label: 'Ruby' },
  { id: 'rust', label: 'Rust' },
  { id: 'sql', label: 'SQL' },
  { id: 'swift', label: 'Swift' },
  { id: 'typescript', label: 'TypeScript' },
  { id: 'yaml', label: 'YAML' },
] as const;

export type LanguageId = (typeof LANGUAGES)[number]['id'];
/** 'auto' detects the language; 'plaintext' turns highlighting off. */
export type LanguageChoice = LanguageId | 'auto' | 'plaintext';

export function languageLabel(id: string | null): string {
  return LANGUAGES.find((l) => l.id === id)?.label ?? 'Plain text';
}

/**
 * Highlighting is done below this many characters only: above it the paste is shown as plain
 * text, which stays fast at any size.
 */
export const HIGHLIGHT_MAX_CHARS = 200_000;

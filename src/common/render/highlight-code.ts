import { LANGUAGES, type LanguageId } from '../languages.js';
import { hljs } from './hljs.js';

const ALIASES: Record<string, LanguageId> = {
  js: 'javascript',
  ts: 'typescript',
  py: 'python',
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  html: 'xml',
  yml: 'yaml',
  toml: 'ini',
  rb: 'ruby',
  rs: 'rust',
  kt: 'kotlin',
  cs: 'csharp',
  'c++': 'cpp',
  md: 'markdown',
  docker: 'dockerfile',
  golang: 'go',
};

/** A fence's or notebook's language name as one the paste page highlights, or null. */
export function languageOf(name: string | null | undefined): LanguageId | null {
  const key = (name ?? '').trim().toLowerCase();
  if (LANGUAGES.some((l) => l.id === key)) return key as LanguageId;
  return ALIASES[key] ?? null;
}

/**
 * Code as highlight.js HTML (its text escaped, its only tags `<span class="hljs-…">`), in the
 * paste page's colours; plain escaped text for a language it does not know.
 */
export function highlightCode(code: string, name: string | null | undefined): string {
  const language = languageOf(name);
  if (language) return hljs.highlight(code, { language, ignoreIllegals: true }).value;
  return code.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

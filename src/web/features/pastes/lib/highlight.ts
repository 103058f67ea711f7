/**
 * Syntax highlighting, loaded on demand (this module is imported dynamically). highlight.js
 * tokenizes; its HTML output is parsed in an inert document and only text and class names are
 * kept, so the view renders React text nodes and never injects markup from a paste.
 */
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import csharp from 'highlight.js/lib/languages/csharp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import dockerfile from 'highlight.js/lib/languages/dockerfile';
import go from 'highlight.js/lib/languages/go';
import ini from 'highlight.js/lib/languages/ini';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import kotlin from 'highlight.js/lib/languages/kotlin';
import markdown from 'highlight.js/lib/languages/markdown';
import php from 'highlight.js/lib/languages/php';
import python from 'highlight.js/lib/languages/python';
import ruby from 'highlight.js/lib/languages/ruby';
import rust from 'highlight.js/lib/languages/rust';
import sql from 'highlight.js/lib/languages/sql';
import swift from 'highlight.js/lib/languages/swift';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import type { LanguageId } from './languages';

const definitions: Record<LanguageId, Parameters<typeof hljs.registerLanguage>[1]> = {
  bash,
  c,
  cpp,
  csharp,
  css,
  diff,
  dockerfile,
  go,
  xml,
  ini,
  java,
  javascript,
  json,
  kotlin,
  markdown,
  php,
  python,
  ruby,
  rust,
  sql,
  swift,
  typescript,
  yaml,
};
for (const [id, language] of Object.entries(definitions)) hljs.registerLanguage(id, language);

const DETECTION_SAMPLE_CHARS = 20_000;
/**
 * highlight.js scores any text; plain prose and logs get small scores spread over many lines.
 * A guess counts only with at least this score, and this much per line of the sample.
 */
const MIN_RELEVANCE = 5;
const MIN_RELEVANCE_PER_LINE = 0.3;
/** CSS and YAML grammars match ordinary words, so they compete only when the text looks like them. */
const CSS_HINT = /[^{}\n]+\{[^{}]*[\w-]+\s*:[^;{}]+;[^{}]*\}/;
const YAML_LINE = /^\s*(?:- )?[\w"'.-]+:(?:\s|$)|^\s*- |^---\s*$/;

function looksLikeYaml(sample: string): boolean {
  const lines = sample.split('\n').filter((l) => l.trim() && !l.trim().startsWith('#'));
  const matching = lines.filter((l) => YAML_LINE.test(l)).length;
  return lines.length >= 2 && matching / lines.length >= 0.6;
}

/** On equal scores highlight.js keeps the earlier language: the more common ones come first. */
const DETECTION_ORDER: LanguageId[] = [
  'python',
  'javascript',
  'typescript',
  'java',
  'go',
  'rust',
  'bash',
  'sql',
  'xml',
  'json',
  'markdown',
  'php',
  'ruby',
  'csharp',
  'cpp',
  'c',
  'kotlin',
  'swift',
  'diff',
  'dockerfile',
  'ini',
];

function candidates(sample: string): LanguageId[] {
  const ids = [...DETECTION_ORDER];
  if (CSS_HINT.test(sample)) ids.push('css');
  if (looksLikeYaml(sample)) ids.push('yaml');
  return ids;
}

export interface Token {
  text: string;
  /** highlight.js scope classes of the innermost span, e.g. 'hljs-keyword'. */
  className?: string;
}
export type TokenLine = Token[];

/** The most likely language of a text, or null when nothing fits well enough. */
export function detectLanguage(code: string): LanguageId | null {
  const sample = code.slice(0, DETECTION_SAMPLE_CHARS);
  const result = hljs.highlightAuto(sample, candidates(sample));
  const needed = Math.max(MIN_RELEVANCE, sample.split('\n').length * MIN_RELEVANCE_PER_LINE);
  return result.language && result.relevance >= needed ? (result.language as LanguageId) : null;
}

/** One token list per line of `code`, highlighted as `language`. */
export function highlightLines(code: string, language: LanguageId): TokenLine[] {
  const html = hljs.highlight(code, { language, ignoreIllegals: true }).value;
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  const lines: TokenLine[] = [[]];
  const walk = (node: Node, className: string | undefined) => {
    if (node.nodeType === Node.TEXT_NODE) {
      const parts = (node.nodeValue ?? '').split('\n');
      parts.forEach((text, i) => {
        if (i > 0) lines.push([]);
        if (text) lines[lines.length - 1]!.push({ text, className });
      });
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const own = (node as Element).getAttribute('class') ?? undefined;
    for (const child of Array.from(node.childNodes)) walk(child, own ?? className);
  };
  for (const child of Array.from(doc.body.childNodes)) walk(child, undefined);
  return lines;
}

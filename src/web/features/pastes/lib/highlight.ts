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
import { LANGUAGES, type LanguageId } from './languages';

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
const IDS = LANGUAGES.map((l) => l.id);

export interface Token {
  text: string;
  /** highlight.js scope classes of the innermost span, e.g. 'hljs-keyword'. */
  className?: string;
}
export type TokenLine = Token[];

/** The most likely language of a text, or null when nothing fits well enough. */
export function detectLanguage(code: string): LanguageId | null {
  const result = hljs.highlightAuto(code.slice(0, DETECTION_SAMPLE_CHARS), IDS);
  return result.relevance >= 5 && result.language ? (result.language as LanguageId) : null;
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

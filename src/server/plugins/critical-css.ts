import postcss, { type Container } from 'postcss';

/**
 * The part of a stylesheet a page's own markup can use, so the page carries that inline and the
 * whole sheet follows without holding the first paint (issue 22: the app's stylesheet is 60 KB, a
 * paste page uses well under half of it, and on a slow phone every byte and rule parsed is time).
 *
 * A rule is left out only when one of its selectors' classes is on no element of the page; every
 * rule without a class (the reset, `:root`, `@keyframes` steps, attribute selectors) stays.
 * Classes inside `(…)` or `[…]` are not counted — `:not(.x)` matches where `.x` is absent,
 * `:is(.a, .b)` needs only one — so such a selector is judged by its other classes: what is in
 * doubt is kept. The page preloads the whole sheet and the app applies it as it starts
 * (page-shell.ts, src/web/app/preloaded-styles.ts): a rule wrongly left out would be late there,
 * and e2e/paste-first-html.spec.ts checks that the page alone is styled as with the whole sheet.
 */
export type CriticalCss = (classes: ReadonlySet<string>) => string;

/** Distinct class sets remembered per stylesheet: a paste page has few (title or not, size level, signed in). */
const REMEMBERED = 64;

export function criticalCss(css: string): CriticalCss {
  const sheet = outline(postcss.parse(css));
  let subsets = new Map<string, string>();
  return (classes) => {
    const key = [...classes].sort().join(' ');
    let subset = subsets.get(key);
    if (subset === undefined) {
      if (subsets.size >= REMEMBERED) subsets = new Map();
      subset = sheet.map((part) => write(part, classes)).join('');
      subsets.set(key, subset);
    }
    return subset;
  };
}

/**
 * The sheet as the subsetting reads it, parsed once: each style rule's selectors with the classes
 * they need and its declarations as written; blocks (`@media`, `@layer`, …) with their parts;
 * anything else (`@property`, `@keyframes`, `@layer a, b;`, comments) as its text, always kept.
 */
type Part =
  | { kind: 'rule'; selectors: Array<{ text: string; needs: string[] }>; body: string }
  | { kind: 'block'; head: string; parts: Part[] }
  | { kind: 'text'; text: string };

function outline(container: Container): Part[] {
  return (container.nodes ?? []).map((node): Part => {
    if (node.type === 'rule' && !node.nodes.some((child) => child.type === 'rule')) {
      const whole = node.toString();
      const selector = node.raws.selector?.value === node.selector ? node.raws.selector.raw : node.selector;
      return {
        kind: 'rule',
        selectors: node.selectors.map((text) => ({ text, needs: requiredClasses(text) })),
        body: whole.slice(selector.length),
      };
    }
    // A block of rules; one of declarations (`@property`, `@font-face`) or keyframes is kept whole.
    const ofRules = node.type === 'atrule' && node.nodes?.every((c) => c.type !== 'decl');
    if (node.type === 'atrule' && node.nodes && ofRules && !node.name.endsWith('keyframes')) {
      const whole = node.toString();
      return { kind: 'block', head: whole.slice(0, whole.indexOf('{')), parts: outline(node) };
    }
    // A statement (`@layer a, b;`) ends with the semicolon its parent would write.
    const statement = node.type === 'atrule' && !node.nodes;
    return { kind: 'text', text: statement ? `${node.toString()};` : node.toString() };
  });
}

function write(part: Part, classes: ReadonlySet<string>): string {
  switch (part.kind) {
    case 'text':
      return part.text;
    case 'rule': {
      const used = part.selectors.filter((s) => s.needs.every((c) => classes.has(c)));
      return used.length === 0 ? '' : used.map((s) => s.text).join(',') + part.body;
    }
    case 'block': {
      // A block whose rules were all left out goes too.
      const inner = part.parts.map((p) => write(p, classes)).join('');
      return inner === '' ? '' : `${part.head}{${inner}}`;
    }
  }
}

/** The classes of every `class="…"` attribute in `html` (as React and the shell write them). */
export function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  for (const [, value] of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of value!.split(/\s+/)) if (name) classes.add(unescapeHtml(name));
  }
  return classes;
}

/**
 * The classes a selector needs on some element, unescaped. Inside `:is(…)`, `:where(…)` and
 * `:has(…)` with one selector they count too (Tailwind wraps whole selectors in `:where`); any
 * other `(…)` — `:not(.x)`, a list of alternatives — and any `[…]` are left out.
 */
export function requiredClasses(selector: string): string[] {
  let outside = '';
  const needed: string[] = [];
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i]!;
    if (c === '\\') {
      // An escaped character belongs to the name around it (`.w-1\/2`, `.bg-\[url\(x\)\]`).
      outside += selector.slice(i, i + 2);
      i++;
    } else if (c === '(' || c === '[') {
      const end = closing(selector, i);
      const inner = selector.slice(i + 1, end);
      if (c === '(' && /:(?:is|where|has)$/.test(outside) && !hasTopLevelComma(inner)) {
        needed.push(...requiredClasses(inner));
      }
      i = end;
    } else outside += c;
  }
  for (const m of outside.matchAll(CLASS)) needed.push(unescapeCss(m[1]!));
  return needed;
}

/** The index of the bracket closing the one at `open` (or the end), escapes and nesting heeded. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '(' || c === '[') depth++;
    else if ((c === ')' || c === ']') && --depth === 0) return i;
  }
  return text.length;
}

function hasTopLevelComma(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '(' || c === '[') i = closing(text, i);
    else if (c === ',') return true;
  }
  return false;
}

// A class selector's name: escapes (hex with one optional space, or any other character), name
// characters, or anything beyond ASCII.
const CLASS = /\.((?:\\[0-9a-fA-F]{1,6}\s?|\\[^0-9a-fA-F]|[\w-]|[^\p{ASCII}])+)/gu;

const unescapeCss = (name: string) =>
  name.replace(/\\([0-9a-fA-F]{1,6})\s?|\\([^0-9a-fA-F])/g, (_, hex: string | undefined, char: string) =>
    hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : char,
  );

const HTML_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  '#x27': "'",
};
const unescapeHtml = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, e: string) => HTML_ENTITIES[e]!);

import postcss, { type Container } from 'postcss';

/**
 * The part of a stylesheet a page's own markup can use, so the page carries that inline and the
 * whole sheet follows without holding the first paint (the app's stylesheet is 60 KB, a
 * paste page uses well under half of it, and on a slow phone every byte and rule parsed is time).
 *
 * A rule is left out only when one of its selectors' classes is on no element of the page; every
 * rule without a class (the reset, `:root`, attribute selectors) stays. Then a custom property
 * definition, `@property` or `@keyframes` that nothing kept names is left out too (usedNames): on a
 * slow CPU the theme's two hundred variables were a fifth of the inline bytes to parse.
 * Classes inside `(…)` or `[…]` are not counted — `:not(.x)` matches where `.x` is absent,
 * `:is(.a, .b)` needs only one — so such a selector is judged by its other classes: what is in
 * doubt is kept. The page preloads the whole sheet and the app applies it as it starts
 * (page-shell.ts, src/web/app/preloaded-styles.ts): a rule wrongly left out would be late there,
 * and e2e/paste-first-html.spec.ts checks that the page alone is styled as with the whole sheet.
 */
export type CriticalCss = (classes: ReadonlySet<string>, customProperties?: ReadonlySet<string>) => string;

/** Distinct class sets remembered per stylesheet: a paste page has few (title or not, size level, signed in). */
const REMEMBERED = 64;

export function criticalCss(css: string): CriticalCss {
  const sheet = outline(postcss.parse(css));
  let subsets = new Map<string, string>();
  return (classes, customProperties = new Set()) => {
    const key = `${[...classes].sort().join(' ')}\n${[...customProperties].sort().join(' ')}`;
    let subset = subsets.get(key);
    if (subset === undefined) {
      if (subsets.size >= REMEMBERED) subsets = new Map();
      const chosen = sheet.map((part) => choose(part, classes));
      const names = usedNames(chosen, customProperties);
      subset = chosen.map((part) => write(part, names)).join('');
      subsets.set(key, subset);
    }
    return subset;
  };
}

/**
 * The sheet as the subsetting reads it, parsed once: each style rule's selectors with the classes
 * they need and its declarations as written; blocks (`@media`, `@layer`, …) with their parts;
 * `@property` and `@keyframes` with the name they define; anything else (`@layer a, b;`, comments)
 * as its text, always kept.
 */
type Part =
  | { kind: 'rule'; selectors: Array<{ text: string; needs: string[] }>; body: string; decls: Decl[] }
  | { kind: 'block'; head: string; parts: Part[] }
  | { kind: 'named'; name: string; text: string }
  | { kind: 'text'; text: string };

/** A declaration as written, and the custom properties and other names its value mentions. */
interface Decl {
  text: string;
  /** The custom property it sets, if it sets one. */
  sets: string | null;
  mentions: string[];
}

function outline(container: Container): Part[] {
  return (container.nodes ?? []).map((node): Part => {
    if (node.type === 'rule' && node.nodes.every((child) => child.type === 'decl')) {
      const whole = node.toString();
      const selector = node.raws.selector?.value === node.selector ? node.raws.selector.raw : node.selector;
      return {
        kind: 'rule',
        selectors: node.selectors.map((text) => ({ text, needs: requiredClasses(text) })),
        body: whole.slice(selector.length),
        decls: node.nodes.map((decl) => ({
          text: decl.toString(),
          sets: decl.prop.startsWith('--') ? decl.prop : null,
          mentions: decl.value.match(NAME) ?? [],
        })),
      };
    }
    if (node.type === 'atrule' && (node.name === 'property' || node.name.endsWith('keyframes'))) {
      return { kind: 'named', name: node.params.trim(), text: node.toString() };
    }
    // A block of rules (`@media`, `@layer`, `@supports`, a rule with nested rules).
    if ((node.type === 'atrule' || node.type === 'rule') && node.nodes?.every((c) => c.type !== 'decl')) {
      const whole = node.toString();
      return { kind: 'block', head: whole.slice(0, whole.indexOf('{')), parts: outline(node) };
    }
    // A statement (`@layer a, b;`) ends with the semicolon its parent would write.
    const statement = node.type === 'atrule' && !node.nodes;
    return { kind: 'text', text: statement ? `${node.toString()};` : node.toString() };
  });
}

/** Custom property names (`--x`, read through `var()` or named in `transition-property`) and plain words. */
const NAME = /--[\w-]+|[A-Za-z_][\w-]*/g;

/** The part with only the selectors the page's classes can match; null for a rule none can. */
function choose(part: Part, classes: ReadonlySet<string>): Part | null {
  switch (part.kind) {
    case 'rule': {
      const used = part.selectors.filter((s) => s.needs.every((c) => classes.has(c)));
      return used.length === 0 ? null : { ...part, selectors: used };
    }
    case 'block': {
      const parts = part.parts.map((p) => choose(p, classes)).filter((p) => p !== null);
      return parts.length === 0 ? null : { ...part, parts };
    }
    default:
      return part;
  }
}

/**
 * The names the chosen rules need defined: what their declarations (other than custom property
 * definitions) and the markup's inline styles mention, and what the definitions of those mention
 * in turn. A custom property, `@property` or `@keyframes` named by none of them does nothing on
 * this page, so it is left out (the theme alone defines some two hundred).
 */
function usedNames(parts: Array<Part | null>, fromMarkup: ReadonlySet<string>): Set<string> {
  const used = new Set<string>(fromMarkup);
  const definitions = new Map<string, string[]>();
  const visit = (part: Part | null) => {
    if (part?.kind === 'block') part.parts.forEach(visit);
    if (part?.kind !== 'rule') return;
    for (const decl of part.decls) {
      if (decl.sets === null) for (const name of decl.mentions) used.add(name);
      else definitions.set(decl.sets, [...(definitions.get(decl.sets) ?? []), ...decl.mentions]);
    }
  };
  parts.forEach(visit);
  const pending = [...used];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    for (const next of definitions.get(name) ?? []) {
      if (!used.has(next)) {
        used.add(next);
        pending.push(next);
      }
    }
  }
  return used;
}

function write(part: Part | null, used: ReadonlySet<string>): string {
  switch (part?.kind) {
    case undefined:
      return '';
    case 'text':
      return part.text;
    case 'named':
      return used.has(part.name) ? part.text : '';
    case 'rule': {
      const decls = part.decls.filter((d) => d.sets === null || used.has(d.sets));
      if (decls.length === 0) return '';
      // As written, unless a declaration went.
      const body = decls.length === part.decls.length ? part.body : `{${decls.map((d) => d.text).join(';')}}`;
      return part.selectors.map((s) => s.text).join(',') + body;
    }
    case 'block': {
      // A block whose rules were all left out goes too.
      const inner = part.parts.map((p) => write(p, used)).join('');
      return inner === '' ? '' : `${part.head}{${inner}}`;
    }
  }
}

/** The custom properties the inline `style` attributes of `html` mention (React writes few). */
export function customPropertiesIn(html: string): Set<string> {
  const names = new Set<string>();
  for (const [, value] of html.matchAll(/\sstyle="([^"]*)"/g)) {
    for (const name of value!.match(/--[\w-]+/g) ?? []) names.add(name);
  }
  return names;
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

import fs from 'node:fs';
import path from 'node:path';

/** The project's written claims: every file a reader of the docs opens. */
export interface Text {
  /** Where it is: a file path, or `page:<name>` for a rendered page. */
  source: string;
  body: string;
}

const root = path.resolve(import.meta.dirname, '../..');
export const readProjectFile = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/**
 * A decision's alternatives ("Considered: …") and an entry a later one replaced are history,
 * not claims about today: left out of decisions.md.
 */
export function currentDecisions(markdown: string): string {
  return markdown
    .split(/\n(?=## )/)
    .filter((entry) => !/^## .*\((partly )?replaced: see/.test(entry))
    .map((entry) => entry.replace(/Considered:[\s\S]*?(?=\n\n|$)/g, ''))
    .join('\n');
}

/** docs/*.md, the README and the CLI's manual. */
export function documentTexts(): Text[] {
  const docs = fs
    .readdirSync(path.join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`);
  return [...docs, 'README.md', 'cli/README.md'].map((source) => {
    const body = readProjectFile(source);
    return { source, body: source === 'docs/decisions.md' ? currentDecisions(body) : body };
  });
}

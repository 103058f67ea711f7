import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { withTestApp } from './helpers/test-app.js';

/** docs/encryption.md's API-client example: the script it shows is a file, and it runs as the page says. */
const root = path.resolve(import.meta.dirname, '..');
const SCRIPT = 'docs/examples/encrypted-paste.ts';
const t = withTestApp({ each: false });
const run = promisify(execFile);

describe('docs/encryption.md, making and reading an encrypted paste from Node', () => {
  it('shows the example script as it is in docs/examples', () => {
    const page = fs.readFileSync(path.join(root, 'docs/encryption.md'), 'utf8');
    const script = fs.readFileSync(path.join(root, SCRIPT), 'utf8');
    expect(page).toContain(`node --import tsx ${SCRIPT}`);
    expect(page).toContain(`\`\`\`ts\n${script}\`\`\``);
  });

  it('runs with the command the page gives: it prints the link with its key, then what the key opens', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', SCRIPT, t.baseUrl], { cwd: root });
    const [link, title, text, ...rest] = stdout.split('\n');
    expect(link).toMatch(new RegExp(`^${t.baseUrl}/paste/[A-Za-z0-9_-]+#[A-Za-z0-9_-]{43}$`));
    expect([title, text, rest]).toEqual(['notes', 'the secret text', ['']]);
    // The site holds the sealed paste, not its text.
    const id = new URL(link!).pathname.split('/').pop()!;
    const row = await t.db.kysely
      .selectFrom('pastes')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.encryption).not.toBeNull();
    expect(JSON.stringify(row)).not.toContain('the secret text');
  });
});

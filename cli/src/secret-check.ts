import fs from 'node:fs';
import type { Privacy } from '../../src/common/constants.js';
import {
  createSecretScanner,
  SECRET_KIND_LABELS,
  SECRET_SCAN_MAX_CHARS,
  type SecretFinding,
} from '../../src/common/secret-scan.js';
import { CliError, EXIT } from './errors.js';
import type { SourceFile } from './paste-source.js';
import { confirm, hasTerminal } from './terminal.js';

/** The file's likely credentials: the site's own scan (common/secret-scan), on its first 10 MB. */
async function scanFile(file: SourceFile): Promise<SecretFinding[]> {
  const scanner = createSecretScanner();
  const decoder = new TextDecoder();
  const end = Math.min(file.size, SECRET_SCAN_MAX_CHARS) - 1;
  if (end >= 0) {
    for await (const bytes of fs.createReadStream(file.path, { end, highWaterMark: 1024 * 1024 })) {
      scanner.push(decoder.decode(bytes as Buffer, { stream: true }));
    }
  }
  scanner.push(decoder.decode());
  return scanner.end();
}

const listFindings = (found: SecretFinding[]) =>
  found
    .slice(0, 5)
    .map((f) => `${SECRET_KIND_LABELS[f.kind]} on line ${f.line}`)
    .join(', ') + (found.length > 5 ? `, and ${found.length - 5} more` : '');

/** What a refusal suggests instead: an edit cannot change the paste's privacy. */
const REMEDIES = {
  create: 'make it --e2e, --unlisted or --password, remove them, or pass --allow-secrets',
  edit: 'an edit keeps the paste public, so remove them, or pass --allow-secrets',
} as const;

/**
 * Before a public paste is created or edited: a file that looks like it holds credentials is
 * published only when the person at the terminal says so, or with --allow-secrets; otherwise exit
 * code 3, nothing sent.
 */
export async function checkSecrets(
  file: SourceFile,
  privacy: Privacy | undefined,
  allow: boolean,
  way: keyof typeof REMEDIES = 'create',
): Promise<void> {
  if (privacy !== 'public' || allow) return;
  const found = await scanFile(file);
  if (found.length === 0) return;
  const what = `${file.name ?? 'standard input'} looks like it contains credentials (${listFindings(found)})`;
  if (hasTerminal() && (await confirm(`${what}. Publish it as a public paste anyway? [y/N] `))) return;
  throw new CliError(`refused: ${what}; ${REMEDIES[way]}`, EXIT.refused);
}

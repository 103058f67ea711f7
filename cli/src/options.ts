import { parseArgs } from 'node:util';
import { EXPIRATIONS, type Expiration, type Privacy } from '../../src/common/constants.js';
import { isPasteLanguage } from '../../src/common/languages.js';
import { usageError } from './errors.js';
import type { PasteOptions } from './paste-source.js';
import { askHidden } from './terminal.js';

/** `--password` alone means "ask me"; parseArgs has no optional values, so it becomes a flag of its own. */
function expandPasswordFlag(argv: string[]): string[] {
  return argv.map((a) => (a === '--password' ? '--ask-password' : a));
}

export function parse(argv: string[]) {
  try {
    return parseArgs({
      args: expandPasswordFlag(argv),
      allowPositionals: true,
      strict: true,
      options: {
        url: { type: 'string' },
        key: { type: 'string' },
        json: { type: 'boolean' },
        quiet: { type: 'boolean', short: 'q' },
        help: { type: 'boolean', short: 'h' },
        title: { type: 'string' },
        expire: { type: 'string' },
        unlisted: { type: 'boolean' },
        password: { type: 'string' },
        'ask-password': { type: 'boolean' },
        e2e: { type: 'boolean' },
        language: { type: 'string' },
        'chunk-size': { type: 'string' },
        'allow-secrets': { type: 'boolean' },
        search: { type: 'string' },
        page: { type: 'string' },
        reason: { type: 'string' },
        revision: { type: 'string', short: 'r' },
      },
    });
  } catch (e) {
    throw usageError(`${(e as Error).message.split('\n')[0]} (pasteshare --help)`);
  }
}

export type Values = ReturnType<typeof parse>['values'];

function expiration(value: string | undefined): Expiration | undefined {
  if (value === undefined) return undefined;
  const mapped = value === 'never' ? 'unlimited' : value;
  if (mapped === 'unlimited' && value !== 'never') throw usageError('--expire: use never, not unlimited');
  if (!(EXPIRATIONS as readonly string[]).includes(mapped)) {
    throw usageError(`--expire must be one of 1h, 1d, 1w, 1m, 3m, 6m, never, burn (not ${value})`);
  }
  return mapped as Expiration;
}

/** "10M", "10485760" → bytes. */
function chunkSize(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const m = /^(\d+)([KMG]?)$/i.exec(value);
  if (!m) throw usageError(`--chunk-size: a size such as 10M or 10485760 (not ${value})`);
  const unit = { '': 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3 }[m[2]!.toUpperCase() as '' | 'K' | 'M' | 'G'];
  return Number(m[1]) * unit;
}

export function checkLanguage(values: Values): void {
  if (values.language !== undefined && !isPasteLanguage(values.language)) {
    throw usageError(`--language: unknown language ${values.language} (a highlight.js id, or plaintext)`);
  }
}

export async function pasteOptions(values: Values): Promise<PasteOptions> {
  if (values.unlisted && (values.password !== undefined || values['ask-password'])) {
    throw usageError('--unlisted and --password: a paste is one or the other');
  }
  if (values.e2e && values.quiet) {
    throw usageError('--e2e and --quiet: the link printed is the only place the key is kept');
  }
  checkLanguage(values);
  let password = values.password;
  if (values['ask-password']) password = await askHidden('Password for the paste: ');
  if (password === '') throw usageError('--password: the password is empty');
  const privacy: Privacy = password !== undefined ? 'password' : values.unlisted ? 'unlisted' : 'public';
  return {
    title: values.title,
    privacy,
    expiration: expiration(values.expire),
    password,
    language: values.language,
    chunkSize: chunkSize(values['chunk-size']),
    e2e: values.e2e === true,
  };
}

/** --revision N: a revision number from 1. */
export function revisionNumber(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[1-9]\d{0,8}$/.test(value)) throw usageError(`--revision: a revision number from 1 (not ${value})`);
  return Number(value);
}

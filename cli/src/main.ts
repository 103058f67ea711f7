import { parseArgs } from 'node:util';
import { EXPIRATIONS, type Expiration, type Privacy } from '../../src/common/constants.js';
import { isPasteLanguage } from '../../src/common/languages.js';
import { Client } from './client.js';
import { getPaste, listPastes, listRevisions, type Output, requestDeletion, whoami } from './commands.js';
import { configPath, readConfig, resolveTarget, type Target, writeConfig } from './config.js';
import { type Created, createPaste } from './create.js';
import { type Edited, editPaste } from './edit.js';
import { CliError, EXIT, usageError } from './errors.js';
import { type PasteOptions, type SourceFile, sourceFile, spoolStdin } from './paste-source.js';
import { checkSecrets } from './secret-check.js';
import { askHidden } from './terminal.js';

const HELP: Record<string, string> = {
  create: `Usage: pasteshare [options] [FILE...]

Pastes each FILE (or standard input when none) and prints each paste's link, one per line.
Files over 50 MB go up in chunks (an API key is needed) and resume where an interrupted run
stopped when run again with the same file.

Options:
  --title TEXT          title (default: the file's name)
  --expire WHEN         1h, 1d, 1w, 1m, 3m, 6m, never or burn (read once); default: the site's (1d)
  --unlisted            not listed on the site; only people with the link can open it
  --password[=VALUE]    protect it with a password (asked on the terminal when no value is given)
  --language ID         highlighting, a highlight.js id such as python or bash (default: detected)
  --chunk-size SIZE     chunk size for files over 50 MB, 5M to 100M (default 40M)
  --allow-secrets       publish a public paste even if it looks like it contains credentials
                        (otherwise asked on a terminal, refused with exit code 3 without one)
  --json                print the site's whole answer as JSON instead of the link
  --quiet               print nothing on success
  --url URL, --key KEY  the site and API key (or PASTESHARE_URL, PASTESHARE_API_KEY, the config file)

Commands: edit, revisions, get, ls, rm, whoami, config (pasteshare COMMAND --help).
Exit codes: 0 ok, 1 usage or configuration, 2 server or network, 3 refused by a check.`,
  edit: `Usage: pasteshare edit LINK|ID [FILE|-] [--title TEXT] [--language ID]

Replaces your paste's text with FILE's (or standard input's, when FILE is - or absent) as a new
revision, and prints the paste's link and "revision N" — or "nothing changed" when the text, title
and language were already those. Needs the API key of the paste's author. Privacy, password and
expiry stay the paste's; every earlier revision keeps its own link (pasteshare revisions).

Options:
  --title TEXT          new title (default: kept)
  --language ID         new highlighting, a highlight.js id or plaintext (default: kept)
  --allow-secrets       save a public paste's new text even if it looks like it contains
                        credentials (otherwise asked on a terminal, refused with exit code 3 without one)
  --json                print the site's answer as JSON (id, url, revision, changed, secretsFound)
  --quiet               print nothing on success`,
  revisions: `Usage: pasteshare revisions LINK|ID [--password[=VALUE]] [--json]

Lists the paste's revisions, oldest first: number, time (UTC), size, lines added and removed
against the revision before, title. pasteshare get LINK --revision N prints one of them. A
password paste asks for its password as get does.`,
  get: `Usage: pasteshare get LINK|ID [--revision N] [--password[=VALUE]]

Prints the paste's content as stored (raw bytes: it pipes): its newest revision, or revision N with
--revision N (-r N; a revision's link, …/paste/ID/r/N, does the same). A password paste asks for
its password on the terminal unless --password=VALUE is given. A bare ID needs --url or
PASTESHARE_URL.`,
  ls: `Usage: pasteshare ls [--search TEXT] [--page N] [--json]

Lists your pastes (the API key's account), newest first: id, date, privacy, views, size, title.`,
  rm: `Usage: pasteshare rm LINK|ID --reason TEXT

Asks the site's moderators to delete a paste (a deletion request); needs an API key.`,
  whoami: `Usage: pasteshare whoami [--json]

Prints the account the API key belongs to, and the site.`,
  config: `Usage: pasteshare config [--url URL] [--key KEY]

Saves the site and API key in the config file (readable by you only, mode 0600); without options,
prints where that file is and what it holds (never the key itself).`,
};

const COMMANDS = new Set(['edit', 'revisions', 'get', 'ls', 'rm', 'whoami', 'config', 'help']);

/** `--password` alone means "ask me"; parseArgs has no optional values, so it becomes a flag of its own. */
function expandPasswordFlag(argv: string[]): string[] {
  return argv.map((a) => (a === '--password' ? '--ask-password' : a));
}

function parse(argv: string[]) {
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

type Values = ReturnType<typeof parse>['values'];

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

function checkLanguage(values: Values): void {
  if (values.language !== undefined && !isPasteLanguage(values.language)) {
    throw usageError(`--language: unknown language ${values.language} (a highlight.js id, or plaintext)`);
  }
}

async function pasteOptions(values: Values): Promise<PasteOptions> {
  if (values.unlisted && (values.password !== undefined || values['ask-password'])) {
    throw usageError('--unlisted and --password: a paste is one or the other');
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
  };
}

function printCreated(out: Output, created: Created): void {
  if (out.quiet) return;
  out.stdout.write(out.json ? `${JSON.stringify(created)}\n` : `${created.url}\n`);
}

/** "https://host/paste/ID  revision 3", or "… nothing changed (revision 2)". */
function printEdited(out: Output, edited: Edited): void {
  if (out.quiet) return;
  if (out.json) return void out.stdout.write(`${JSON.stringify(edited)}\n`);
  const what =
    edited.changed === false
      ? `nothing changed (revision ${edited.revision})`
      : `revision ${edited.revision}`;
  out.stdout.write(`${edited.url}  ${what}\n`);
}

/** --revision N: a revision number from 1. */
function revisionNumber(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[1-9]\d{0,8}$/.test(value)) throw usageError(`--revision: a revision number from 1 (not ${value})`);
  return Number(value);
}

/** The site a read goes to when the link does not say (a bare id): only if one is configured. */
function readTarget(flags: { url?: string; key?: string }, env: NodeJS.ProcessEnv): Target | undefined {
  return flags.url || env.PASTESHARE_URL || readConfig(env).url ? resolveTarget(flags, env) : undefined;
}

export async function run(
  argv: string[],
  io: {
    stdin: NodeJS.ReadableStream & { isTTY?: boolean };
    stdout: NodeJS.WritableStream;
    env: NodeJS.ProcessEnv;
  },
): Promise<number> {
  const { values, positionals } = parse(argv);
  const command = positionals[0] && COMMANDS.has(positionals[0]) ? positionals[0] : 'create';
  const args = command === 'create' ? positionals : positionals.slice(1);
  if (command === 'help') {
    io.stdout.write(`${HELP[args[0] ?? 'create'] ?? HELP.create}\n`);
    return EXIT.ok;
  }
  if (values.help) {
    io.stdout.write(`${HELP[command]}\n`);
    return EXIT.ok;
  }
  const out: Output = { stdout: io.stdout, json: values.json === true, quiet: values.quiet === true };
  const flags = { url: values.url, key: values.key };

  switch (command) {
    case 'config': {
      if (flags.url === undefined && flags.key === undefined) {
        const stored = readConfig(io.env);
        io.stdout.write(
          `${configPath(io.env)}\nurl: ${stored.url ?? '(none)'}\nkey: ${stored.key ? 'set' : '(none)'}\n`,
        );
        return EXIT.ok;
      }
      if (flags.url !== undefined) resolveTarget({ url: flags.url, key: 'x' }, {});
      const file = writeConfig(io.env, {
        ...(flags.url !== undefined ? { url: flags.url } : {}),
        ...(flags.key !== undefined ? { key: flags.key } : {}),
      });
      if (!out.quiet) io.stdout.write(`saved in ${file}\n`);
      return EXIT.ok;
    }
    case 'get': {
      if (args.length !== 1) throw usageError('get takes one link or id (pasteshare get --help)');
      const password = values['ask-password'] ? '' : values.password;
      const revision = revisionNumber(values.revision);
      await getPaste(readTarget(flags, io.env), args[0]!, password, revision, out);
      return EXIT.ok;
    }
    case 'revisions': {
      if (args.length !== 1) throw usageError('revisions takes one link or id (pasteshare revisions --help)');
      const password = values['ask-password'] ? '' : values.password;
      await listRevisions(readTarget(flags, io.env), args[0]!, password, out);
      return EXIT.ok;
    }
    case 'edit': {
      if (args.length < 1 || args.length > 2) {
        throw usageError('edit takes a link or id, and a file or - (pasteshare edit --help)');
      }
      const kept = (['unlisted', 'password', 'ask-password', 'expire'] as const).find(
        (f) => values[f] !== undefined,
      );
      if (kept) {
        const flag = kept === 'ask-password' ? 'password' : kept;
        throw usageError(`edit: --${flag} is not an edit's to change (privacy, password and expiry stay)`);
      }
      checkLanguage(values);
      const target = resolveTarget(flags, io.env);
      const fromStdin = args[1] === undefined || args[1] === '-';
      if (fromStdin && io.stdin.isTTY) {
        throw usageError('nothing to edit with: pipe text in or name a file (pasteshare edit --help)');
      }
      const file = fromStdin ? await spoolStdin(io.stdin) : { ...sourceFile(args[1]!), dispose() {} };
      try {
        const options = {
          title: values.title,
          language: values.language,
          allowSecrets: values['allow-secrets'] === true,
        };
        printEdited(out, await editPaste(target, args[0]!, file, options));
      } finally {
        file.dispose();
      }
      return EXIT.ok;
    }
    case 'ls': {
      const page = Number(values.page ?? '1');
      if (!Number.isInteger(page) || page < 1) throw usageError('--page: a page number from 1');
      await listPastes(resolveTarget(flags, io.env), { page, search: values.search }, out);
      return EXIT.ok;
    }
    case 'rm': {
      if (args.length !== 1) throw usageError('rm takes one link or id (pasteshare rm --help)');
      if (!values.reason?.trim()) throw usageError('rm needs --reason TEXT: the moderators read it');
      await requestDeletion(resolveTarget(flags, io.env), args[0]!, values.reason, out);
      return EXIT.ok;
    }
    case 'whoami':
      await whoami(resolveTarget(flags, io.env), out);
      return EXIT.ok;
    default: {
      const target = resolveTarget(flags, io.env);
      if (args.length === 0 && io.stdin.isTTY) {
        throw usageError('nothing to paste: pipe text in or name files (pasteshare --help)');
      }
      const options = await pasteOptions(values);
      const files: SourceFile[] = args.map(sourceFile);
      const client = new Client(target);
      const allow = values['allow-secrets'] === true;
      if (files.length === 0) {
        const spooled = await spoolStdin(io.stdin);
        try {
          await checkSecrets(spooled, options.privacy, allow);
          printCreated(out, await createPaste(client, spooled, options, io.env));
        } finally {
          spooled.dispose();
        }
        return EXIT.ok;
      }
      // Every file is checked before the first is sent: a refusal leaves nothing half done.
      for (const file of files) await checkSecrets(file, options.privacy, allow);
      for (const file of files) printCreated(out, await createPaste(client, file, options, io.env));
      return EXIT.ok;
    }
  }
}

try {
  process.exitCode = await run(process.argv.slice(2), {
    stdin: process.stdin,
    stdout: process.stdout,
    env: process.env,
  });
} catch (e) {
  if (e instanceof CliError) {
    process.stderr.write(`pasteshare: ${e.message}\n`);
    process.exitCode = e.exitCode;
  } else {
    process.stderr.write(`pasteshare: unexpected error: ${(e as Error).stack ?? e}\n`);
    process.exitCode = EXIT.server;
  }
}

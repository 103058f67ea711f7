import fs from 'node:fs';
import { listPastes, removePaste, signInCheck, whoami } from './account.js';
import { Client } from './client.js';
import { configPath, normalizeUrl, readConfig, resolveTarget, type Target, writeConfig } from './config.js';
import { type Created, createPaste } from './create.js';
import { type Edited, editPaste } from './edit.js';
import { CliError, EXIT, usageError } from './errors.js';
import { COMMAND_LIST, COMMANDS, type Command, HELP } from './help.js';
import { checkLanguage, parse, pasteOptions, revisionNumber, type Values } from './options.js';
import { type Output, print, printJson } from './output.js';
import { type SourceFile, sourceFile, spoolStdin } from './paste-source.js';
import { getPaste, listRevisions } from './read.js';
import { safeForTerminal } from './safe-text.js';
import { checkSecrets } from './secret-check.js';

interface Io {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
}

function printCreated(out: Output, created: Created): void {
  if (out.quiet) return;
  if (out.json) printJson(out, created);
  else print(out, created.url);
}

/** "https://host/paste/ID  revision 3", or "… nothing changed (revision 2)". */
function printEdited(out: Output, edited: Edited): void {
  if (out.quiet) return;
  if (out.json) {
    printJson(out, edited);
    return;
  }
  const what =
    edited.changed === false
      ? `nothing changed (revision ${edited.revision})`
      : `revision ${edited.revision}`;
  print(out, `${edited.url}  ${what}`);
}

/** The site a read goes to when the link does not say (a bare id): only if one is configured. */
function readTarget(flags: { url?: string; key?: string }, env: NodeJS.ProcessEnv): Target | undefined {
  return flags.url || env.PASTESHARE_URL || readConfig(env).url ? resolveTarget(flags, env) : undefined;
}

/**
 * The command a first word names. A word that is neither a command nor a file is a mistyped
 * command more likely than a missing file: the commands are listed then.
 */
function commandOf(first: string | undefined): Command {
  if (first === undefined) return 'create';
  if ((COMMANDS as readonly string[]).includes(first)) return first as Command;
  if (/^[a-z][a-z-]*$/i.test(first) && !fs.existsSync(first)) {
    throw usageError(
      `${first} is neither a command nor a file; the commands are ${COMMAND_LIST} (pasteshare --help)`,
    );
  }
  return 'create';
}

/** `config`: saves, then says who the key signs in as on the site — or warns why it cannot. */
async function config(flags: { url?: string; key?: string }, io: Io, out: Output): Promise<number> {
  if (flags.url === undefined && flags.key === undefined) {
    const stored = readConfig(io.env);
    print(out, configPath(io.env));
    print(out, `url: ${stored.url ?? '(none)'}`);
    print(out, `key: ${stored.key ? 'set' : '(none)'}`);
    return EXIT.ok;
  }
  if (flags.url !== undefined) normalizeUrl(flags.url);
  const file = writeConfig(io.env, {
    ...(flags.url !== undefined ? { url: flags.url } : {}),
    ...(flags.key !== undefined ? { key: flags.key } : {}),
  });
  const stored = readConfig(io.env);
  const check = stored.url
    ? await signInCheck({ url: normalizeUrl(stored.url), key: stored.key || undefined })
    : { warning: 'no site yet: pasteshare config --url URL' };
  if ('ok' in check) print(out, `saved in ${file}; ${check.ok}`);
  else {
    print(out, `saved in ${file}`);
    io.stderr.write(`pasteshare: warning: ${safeForTerminal(check.warning)}\n`);
  }
  return EXIT.ok;
}

async function edit(
  values: Values,
  args: string[],
  flags: { url?: string; key?: string },
  io: Io,
  out: Output,
) {
  if (args.length < 1 || args.length > 2) {
    throw usageError('edit takes a link or id, and a file or - (pasteshare edit --help)');
  }
  if (values.e2e) throw usageError('edit: --e2e: an encrypted paste cannot be edited, nor a paste encrypted');
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
}

async function create(
  values: Values,
  args: string[],
  flags: { url?: string; key?: string },
  io: Io,
  out: Output,
) {
  const target = resolveTarget(flags, io.env);
  if (args.length === 0 && io.stdin.isTTY) {
    throw usageError('nothing to paste: pipe text in or name files (pasteshare --help)');
  }
  const options = await pasteOptions(values);
  const files: SourceFile[] = args.map(sourceFile);
  const client = new Client(target);
  const allow = values['allow-secrets'] === true;
  // An encrypted paste's text is the link holders' only, as an unlisted one's: not scanned.
  const privacy = options.e2e ? undefined : options.privacy;
  if (files.length === 0) {
    const spooled = await spoolStdin(io.stdin);
    try {
      await checkSecrets(spooled, privacy, allow);
      printCreated(out, await createPaste(client, spooled, options, io.env));
    } finally {
      spooled.dispose();
    }
    return;
  }
  // Every file is checked before the first is sent: a refusal leaves nothing half done.
  for (const file of files) await checkSecrets(file, privacy, allow);
  for (const file of files) printCreated(out, await createPaste(client, file, options, io.env));
}

export async function run(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parse(argv);
  const command = commandOf(positionals[0]);
  const args = command === 'create' ? positionals : positionals.slice(1);
  if (command === 'help' || values.help) {
    const topic = command === 'help' ? (args[0] ?? 'create') : command;
    io.stdout.write(`${HELP[topic as Command] ?? HELP.create}\n`);
    return EXIT.ok;
  }
  const out: Output = { stdout: io.stdout, json: values.json === true, quiet: values.quiet === true };
  const flags = { url: values.url, key: values.key };
  const password = values['ask-password'] ? '' : values.password;

  switch (command) {
    case 'config':
      return config(flags, io, out);
    case 'get':
      if (args.length !== 1) throw usageError('get takes one link or id (pasteshare get --help)');
      await getPaste(readTarget(flags, io.env), args[0]!, password, revisionNumber(values.revision), out);
      return EXIT.ok;
    case 'revisions':
      if (args.length !== 1) throw usageError('revisions takes one link or id (pasteshare revisions --help)');
      await listRevisions(readTarget(flags, io.env), args[0]!, password, out);
      return EXIT.ok;
    case 'edit':
      await edit(values, args, flags, io, out);
      return EXIT.ok;
    case 'ls': {
      const page = Number(values.page ?? '1');
      if (!Number.isInteger(page) || page < 1) throw usageError('--page: a page number from 1');
      await listPastes(resolveTarget(flags, io.env), { page, search: values.search }, out);
      return EXIT.ok;
    }
    case 'rm':
      if (args.length !== 1) throw usageError('rm takes one link or id (pasteshare rm --help)');
      await removePaste(resolveTarget(flags, io.env), args[0]!, values.reason, out);
      return EXIT.ok;
    case 'whoami':
      await whoami(resolveTarget(flags, io.env), out);
      return EXIT.ok;
    default:
      await create(values, args, flags, io, out);
      return EXIT.ok;
  }
}

try {
  process.exitCode = await run(process.argv.slice(2), {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
  });
} catch (e) {
  // Messages carry what sites said (their errors, a redirect's Location): made safe for a terminal.
  if (e instanceof CliError) {
    process.stderr.write(`pasteshare: ${safeForTerminal(e.message)}\n`);
    process.exitCode = e.exitCode;
  } else {
    process.stderr.write(
      `pasteshare: unexpected error: ${safeForTerminal(String((e as Error).stack ?? e), 'text')}\n`,
    );
    process.exitCode = EXIT.server;
  }
}

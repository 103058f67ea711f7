/**
 * `npm run backup -- --out FILE` and `npm run restore -- FILE [--replace]`: the panel's backup
 * format, for an operator, with the server stopped. Restore refuses a database that has accounts
 * unless --replace; into an empty one it also marks setup done (the file holds an admin).
 */
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';

const USAGE = 'usage: npm run backup -- --out FILE | npm run restore -- FILE [--replace]';

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  const { values, positionals } = parseArgs({
    args: rest,
    options: { out: { type: 'string' }, replace: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  if (
    command === 'backup'
      ? !values.out || positionals.length > 0
      : command !== 'restore' || positionals.length !== 1
  ) {
    console.error(USAGE);
    return 1;
  }
  const app = await buildApp({ ...loadConfig(), logLevel: 'warn' }, { backgroundJobs: false });
  try {
    const { backup, users, settings, db } = app.services;
    if (command === 'backup') {
      // 'wx': never overwrite a file that is already there.
      await pipeline(backup.exportStream(), fs.createWriteStream(values.out!, { flags: 'wx' }));
      console.log(`backup written to ${values.out} (${fs.statSync(values.out!).size} bytes)`);
      return 0;
    }
    const file = positionals[0]!;
    if (!fs.existsSync(file)) {
      console.error(`no such file: ${file}`);
      return 1;
    }
    if ((await users.count()) > 0 && !values.replace) {
      console.error(
        'the database already has accounts: restore with --replace to overwrite everything in it',
      );
      return 1;
    }
    const counts = await backup.import(fs.createReadStream(file));
    if (!(await settings.isSetupCompleted())) await settings.markSetupCompleted(db.kysely);
    console.log(
      `restored ${Object.entries(counts)
        .map(([table, n]) => `${n} ${table}`)
        .join(', ')}`,
    );
    return 0;
  } finally {
    await app.close();
  }
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e instanceof ConfigError ? e.message : e instanceof Error ? e.message : e);
    process.exit(1);
  },
);

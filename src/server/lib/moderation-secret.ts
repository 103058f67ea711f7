import fs from 'node:fs/promises';
import path from 'node:path';
import { randomToken } from './tokens.js';

/** The file that holds the secret when the environment gives none (inside DATA_DIR). */
export const MODERATION_SECRET_FILE = 'moderation-key.secret';

/**
 * The secret that boxes paste keys reporters share with staff (see lib/secret-box.ts). Kept
 * out of the database on purpose: a database dump or backup alone never opens a shared key. From
 * MODERATION_KEY_SECRET when set (every instance of a site must then share it); else a file in
 * the data folder, created on first use readable by this user only, and read again after a restart.
 */
export function createModerationSecret(opts: { fromEnv: string | undefined; dataDir: string }) {
  let secret: Promise<string> | undefined;
  const file = path.join(opts.dataDir, MODERATION_SECRET_FILE);

  async function readOrCreate(): Promise<string> {
    try {
      return (await fs.readFile(file, 'utf8')).trim();
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    const made = randomToken(32);
    try {
      // 'wx': of two processes starting at once, one writes it and the other reads that one.
      await fs.mkdir(opts.dataDir, { recursive: true });
      await fs.writeFile(file, `${made}\n`, { mode: 0o600, flag: 'wx' });
      return made;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      return (await fs.readFile(file, 'utf8')).trim();
    }
  }

  return (): Promise<string> => {
    if (opts.fromEnv) return Promise.resolve(opts.fromEnv);
    secret ??= readOrCreate().catch((e) => {
      secret = undefined; // tried again at the next use
      throw e;
    });
    return secret;
  };
}

export type ModerationSecret = ReturnType<typeof createModerationSecret>;

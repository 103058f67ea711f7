import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SourceFile } from './paste-source.js';

/** What a run keeps between attempts at the same file, so a rerun continues where it stopped. */
export interface ResumeState {
  uploadId: string;
  site: string;
}

/** `$XDG_STATE_HOME/pasteshare/uploads` (~/.local/state when unset). */
function stateDir(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_STATE_HOME || path.join(os.homedir(), '.local', 'state');
  return path.join(base, 'pasteshare', 'uploads');
}

/** One state file per site and file version (path, size, modification time). */
function stateFile(env: NodeJS.ProcessEnv, site: string, file: SourceFile): string {
  const key = createHash('sha256')
    .update(JSON.stringify([site, file.path, file.size, file.mtimeMs]))
    .digest('hex')
    .slice(0, 32);
  return path.join(stateDir(env), `${key}.json`);
}

/** The upload an earlier run of this file to this site started, if it left one. */
export function recallUpload(
  env: NodeJS.ProcessEnv,
  site: string,
  file: SourceFile,
): ResumeState | undefined {
  try {
    return JSON.parse(fs.readFileSync(stateFile(env, site, file), 'utf8')) as ResumeState;
  } catch {
    return undefined;
  }
}

export function rememberUpload(env: NodeJS.ProcessEnv, state: ResumeState, file: SourceFile): void {
  const at = stateFile(env, state.site, file);
  fs.mkdirSync(path.dirname(at), { recursive: true, mode: 0o700 });
  fs.writeFileSync(
    at,
    JSON.stringify({ ...state, file: file.path, size: file.size, mtimeMs: file.mtimeMs }),
    { mode: 0o600 },
  );
}

/** Once the paste exists: the same file again is a new paste. */
export function forgetUpload(env: NodeJS.ProcessEnv, site: string, file: SourceFile): void {
  fs.rmSync(stateFile(env, site, file), { force: true });
}

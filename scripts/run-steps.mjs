// The step runner of `npm test`: every step runs even when an earlier one failed, so one slow
// service or one broken suite never hides what the other steps would have found.
import { spawnSync } from 'node:child_process';

/**
 * Runs each `[name, nodeArgs]` step with Node, output inherited, one after the other.
 * @param {[string, string[]][]} steps
 * @param {{ cwd: string, env: NodeJS.ProcessEnv }} options
 * @returns {string[]} the names of the steps that failed, in order
 */
export function runSteps(steps, { cwd, env }) {
  const failed = [];
  for (const [name, args] of steps) {
    console.log(`\n=== ${name} ===`);
    const t0 = Date.now();
    const r = spawnSync(process.execPath, args, { cwd, env, stdio: 'inherit' });
    const ok = r.status === 0;
    if (!ok) failed.push(name);
    const why = r.error?.message ?? (r.signal ? `killed by ${r.signal}` : `exit ${r.status}`);
    console.log(
      `--- ${name}: ${ok ? 'ok' : `FAILED (${why})`} in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
  }
  return failed;
}

/**
 * The last lines of a run: the failed steps by name, or that all passed. Returns the exit code.
 * @param {string[]} failed
 */
export function reportSteps(failed) {
  if (failed.length === 0) {
    console.log('Every step passed.');
    return 0;
  }
  console.log(`FAILED steps (${failed.length}): ${failed.join(', ')}`);
  return 1;
}

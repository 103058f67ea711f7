import type { ChildProcess } from 'node:child_process';

/**
 * Waits for a process the test started until `ready()` resolves true, as long as it takes (a
 * loaded machine is slow, not broken), saying every ~10 s what it waits for and why. Gives up
 * only when the process has exited, with what it printed.
 */
export async function waitForService(
  what: string,
  child: ChildProcess,
  ready: () => Promise<boolean>,
  output: () => string,
): Promise<void> {
  const started = Date.now();
  let lastReport = started;
  let lastProblem = 'not answering yet';
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `${what} exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output()}`,
      );
    }
    try {
      if (await ready()) return;
    } catch (e) {
      lastProblem = (e as Error).message;
    }
    if (Date.now() - lastReport >= 10_000) {
      lastReport = Date.now();
      console.log(
        `still waiting for ${what} (${Math.round((lastReport - started) / 1000)} s): ${lastProblem}`,
      );
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

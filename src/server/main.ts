import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';

/**
 * Listens, and on SIGTERM/SIGINT leaves readiness, stops accepting, lets the open connections end
 * (plugins/graceful-shutdown.ts), then closes the jobs and the database.
 */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const app = await buildApp(config);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const { delayMs, drainMs } = config.shutdown;
    const force = setTimeout(() => process.exit(1), delayMs + drainMs + 10_000);
    force.unref();
    const outcome = await app.drain({ delayMs, timeoutMs: drainMs });
    if (!outcome.drained) app.log.warn({ open: outcome.open }, 'connections still open at the drain limit');
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

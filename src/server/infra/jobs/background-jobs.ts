import type { FastifyInstance } from 'fastify';
import { createScheduler } from './scheduler.js';

/** A periodic clean-up; each must be safe to run on several instances at once. */
export interface BackgroundTask {
  name: string;
  intervalMs: number;
  run: () => Promise<unknown>;
}

/** Runs the tasks the app's wiring gives it (see services.ts) until the app closes. */
export function startBackgroundJobs(app: FastifyInstance, tasks: BackgroundTask[]): void {
  const scheduler = createScheduler(app.log);
  for (const task of tasks) scheduler.every(task.name, task.intervalMs, task.run);
  app.addHook('onClose', () => scheduler.stop());
}

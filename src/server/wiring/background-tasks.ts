import type { BackgroundTask } from '../infra/jobs/background-jobs.js';
import type { AccountServices } from './accounts.js';
import type { PasteServices } from './pastes.js';
import type { Platform } from './platform.js';
import type { createSiteServices } from './site.js';

/** The periodic clean-ups every instance runs (infra/jobs runs them; it knows no module). */
export function backgroundTasksOf(
  { config, metrics }: Platform,
  { sessions, emailVerification, secondFactor, passkeys }: AccountServices,
  { pastes, searchIndex, uploads }: PasteServices,
  { identity, audit, bans, moderation, scheduledBackups }: ReturnType<typeof createSiteServices>,
) {
  return (intervalMs: number): BackgroundTask[] => [
    {
      name: 'sweep-pastes',
      intervalMs,
      run: async () => metrics.backgroundItems.inc({ task: 'sweep_pastes' }, await pastes.sweep()),
    },
    { name: 'sweep-sessions', intervalMs, run: () => sessions.sweep() },
    // Pastes made before search existed get their documents, a batch a run, then it rests.
    {
      name: 'index-older-pastes',
      intervalMs,
      run: async () => metrics.backgroundItems.inc({ task: 'index_pastes' }, await searchIndex.backfill()),
    },
    { name: 'sweep-email-tokens', intervalMs, run: () => emailVerification.sweepExpiredTokens() },
    { name: 'sweep-identity-flows', intervalMs, run: () => identity.sweep() },
    { name: 'sweep-second-factor-challenges', intervalMs, run: () => secondFactor.sweep() },
    { name: 'sweep-passkey-challenges', intervalMs, run: () => passkeys.sweep() },
    {
      name: 'collect-uploads',
      intervalMs,
      run: async () =>
        metrics.backgroundItems.inc({ task: 'collect_uploads' }, await uploads.collectAbandoned()),
    },
    { name: 'purge-audit-log', intervalMs, run: () => audit.purge() },
    // Ended bans go, and the pastes a suspension held are readable again.
    { name: 'end-bans', intervalMs, run: () => bans.sweep() },
    // Keys reporters shared for pastes that expired, burned or were otherwise deleted.
    { name: 'forget-shared-keys', intervalMs, run: () => moderation.forgetKeysOfGonePastes() },
    // Checked every sweep: the first backup comes within a sweep of the start.
    ...(scheduledBackups.enabled
      ? [
          {
            name: 'scheduled-backup',
            intervalMs,
            run: async () => {
              if ((await scheduledBackups.runDue()) === 'written') {
                metrics.backgroundItems.inc({ task: 'scheduled_backup' });
              }
            },
          },
        ]
      : []),
    // Often, so that an assembly whose instance died resumes soon after its lease runs out.
    {
      name: 'resume-assemblies',
      intervalMs: Math.min(intervalMs, config.uploads.leaseMs),
      run: () => uploads.resumeAssemblies(),
    },
  ];
}

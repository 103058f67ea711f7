import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * What the server says about itself in the Prometheus format (GET /metrics). One registry per
 * app, not prom-client's global one: tests build many apps in one process.
 *
 * Every label has a bounded set of values written in the code (a route pattern, never a URL; an
 * outcome, never an id), so the number of series cannot grow with traffic.
 */
export function createMetrics({ processMetrics = true }: { processMetrics?: boolean } = {}) {
  const registry = new Registry();
  // The process's own (event-loop lag, heap, GC): sampled on timers, so only when someone reads them.
  if (processMetrics) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  /** Read at each scrape; given once the uploads service exists (see countOpenUploadSessions). */
  let openUploadSessions: () => Promise<number> = async () => 0;

  return {
    registry,
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status class.',
      labelNames: ['method', 'route', 'status_class'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    pastesCreated: new Counter({
      name: 'pasteshare_pastes_created_total',
      help: 'Pastes created, by way (json, multipart, chunked, v1) and privacy.',
      labelNames: ['way', 'privacy'] as const,
      registers,
    }),
    pasteReads: new Counter({
      name: 'pasteshare_paste_reads_total',
      help: 'Reads of a paste, by outcome (shown, not_found, expired, burned, locked).',
      labelNames: ['outcome'] as const,
      registers,
    }),
    burns: new Counter({
      name: 'pasteshare_burns_total',
      help: 'Burn-after-reading pastes deleted after their one read.',
      registers,
    }),
    moderation: new Counter({
      name: 'pasteshare_moderation_items_total',
      help: 'Reports and deletion requests opened and decided.',
      labelNames: ['kind', 'event'] as const,
      registers,
    }),
    reportDecisionTime: new Histogram({
      name: 'pasteshare_report_decision_seconds',
      help: 'Time from a report to its decision by staff (each report a decision settles).',
      buckets: [60, 600, 3600, 4 * 3600, 12 * 3600, 24 * 3600, 3 * 24 * 3600, 7 * 24 * 3600],
      registers,
    }),
    safetyHits: new Counter({
      name: 'pasteshare_safety_rule_hits_total',
      help: 'Creates and edits a content rule matched, by what was done (refuse, hold, unlist).',
      labelNames: ['action'] as const,
      registers,
    }),
    safetyDecisions: new Counter({
      name: 'pasteshare_safety_held_decisions_total',
      help: 'Held pastes decided by a moderator, by decision (approve, delete).',
      labelNames: ['decision'] as const,
      registers,
    }),
    safetyOutcomes: new Counter({
      name: 'pasteshare_safety_outcomes_total',
      help: 'What the safety tools did (refuse, hold, approve, delete, unlist, block) by reason (rule, reports, new-account, links, wave, malware, scan-failed).',
      labelNames: ['outcome', 'reason'] as const,
      registers,
    }),
    uploadBytes: new Counter({
      name: 'pasteshare_upload_chunk_bytes_total',
      help: 'Bytes of chunks received by chunked uploads.',
      registers,
    }),
    uploadSessionsOpen: new Gauge({
      name: 'pasteshare_upload_sessions_open',
      help: 'Chunked upload sessions still receiving chunks, all instances together (read at each scrape).',
      registers,
      async collect() {
        this.set(await openUploadSessions());
      },
    }),
    countOpenUploadSessions(count: () => Promise<number>): void {
      openUploadSessions = count;
    },
    assemblyDuration: new Histogram({
      name: 'pasteshare_upload_assembly_duration_seconds',
      help: 'Time to assemble a chunked upload into its paste.',
      buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
      registers,
    }),
    assemblyTakeovers: new Counter({
      name: 'pasteshare_upload_assembly_takeovers_total',
      help: 'Assemblies resumed by an instance after another one stopped holding their lease.',
      registers,
    }),
    malwareScans: new Counter({
      name: 'pasteshare_malware_scans_total',
      help: 'Uploads scanned by clamd, by outcome (clean, infected, error).',
      labelNames: ['outcome'] as const,
      registers,
    }),
    backgroundItems: new Counter({
      name: 'pasteshare_background_items_total',
      help: 'What background tasks of this instance did, by task (sweep_pastes: expired or unconfirmed pastes deleted; collect_uploads: idle upload sessions collected; scheduled_backup: backups written; index_pastes: pastes made before search given their search documents). Summed over instances, each item counts once.',
      labelNames: ['task'] as const,
      registers,
    }),
    blobOps: new Histogram({
      name: 'pasteshare_blob_operation_duration_seconds',
      help: 'Blob store operations by operation, store (disk, s3) and outcome (ok, error).',
      labelNames: ['operation', 'store', 'outcome'] as const,
      buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 30],
      registers,
    }),
    dbQueries: new Histogram({
      name: 'pasteshare_db_query_duration_seconds',
      help: 'Database queries through Kysely that answered, by dialect (sqlite, postgres).',
      labelNames: ['dialect'] as const,
      buckets: [0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
      registers,
    }),
    rateLimited: new Counter({
      name: 'pasteshare_rate_limited_total',
      help: 'Requests refused by a rate limit, by limiter.',
      labelNames: ['limiter'] as const,
      registers,
    }),
    mails: new Counter({
      name: 'pasteshare_mails_sent_total',
      help: 'Mails handed to the provider, by provider and outcome (sent, failed).',
      labelNames: ['provider', 'outcome'] as const,
      registers,
    }),
    hotCache: new Counter({
      name: 'pasteshare_hot_cache_lookups_total',
      help: 'Lookups in the hot-paste cache, by result (hit, miss).',
      labelNames: ['result'] as const,
      registers,
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

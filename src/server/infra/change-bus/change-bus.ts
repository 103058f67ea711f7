import type { Redis } from 'ioredis';
import type pg from 'pg';

/**
 * Tells the other instances of a site that something they cache has changed (the settings), so
 * they drop it at once instead of serving it for the rest of its TTL. Through Redis pub/sub when
 * the site has Redis, PostgreSQL LISTEN/NOTIFY otherwise; nothing on SQLite (one instance). The
 * TTL stays as the fallback for a message lost while a connection was down.
 */
export interface ChangeBus {
  /** Resolves once the message is handed to Redis or PostgreSQL (not when others have it). */
  publish(topic: string): Promise<void>;
  /** `handler` runs for each message from another instance (and this one) on `topic`. */
  subscribe(topic: string, handler: () => void): void;
  close(): Promise<void>;
}

interface Log {
  warn(obj: object, msg: string): void;
}

function handlers() {
  const byTopic = new Map<string, Set<() => void>>();
  return {
    add(topic: string, handler: () => void) {
      if (!byTopic.has(topic)) byTopic.set(topic, new Set());
      byTopic.get(topic)!.add(handler);
    },
    run(topic: string) {
      for (const h of byTopic.get(topic) ?? []) h();
    },
  };
}

export function createNoChangeBus(): ChangeBus {
  const local = handlers();
  return {
    async publish(topic) {
      local.run(topic);
    },
    subscribe: (topic, handler) => local.add(topic, handler),
    async close() {},
  };
}

/** A second connection subscribes (a Redis connection in subscriber mode can do nothing else). */
export function createRedisChangeBus(redis: Redis, keyPrefix: string, log: Log): ChangeBus {
  const channel = `${keyPrefix}:changes`;
  const local = handlers();
  const subscriber = redis.duplicate();
  subscriber.on('message', (_channel: string, topic: string) => local.run(topic));
  subscriber.subscribe(channel).catch((err: unknown) => log.warn({ err }, 'change bus: could not subscribe'));
  return {
    async publish(topic) {
      await redis.publish(channel, topic);
    },
    subscribe: (topic, handler) => local.add(topic, handler),
    async close() {
      await subscriber.quit().catch(() => {});
    },
  };
}

const PG_CHANNEL = 'pasteshare_changes';
const RELISTEN_MS = 1_000;

/**
 * One pooled connection kept for LISTEN (taken out of the pool for good); lost, it is replaced
 * after a second. The payload names the schema, so sites (or test suites) sharing a database in
 * different schemas ignore each other's messages.
 */
export function createPgChangeBus(pool: pg.Pool, schema: string, log: Log): ChangeBus {
  const local = handlers();
  let client: pg.PoolClient | null = null;
  let closed = false;

  async function listen(): Promise<void> {
    if (closed) return;
    try {
      const c = await pool.connect();
      c.on('notification', (msg) => {
        const [from, topic] = (msg.payload ?? '').split(':');
        if (from === schema && topic) local.run(topic);
      });
      c.on('error', () => {
        client = null;
        c.release(true);
        setTimeout(() => void listen(), RELISTEN_MS).unref();
      });
      await c.query(`LISTEN ${PG_CHANNEL}`);
      client = c;
      if (closed) await release();
    } catch (err) {
      log.warn({ err }, 'change bus: could not listen; retrying');
      setTimeout(() => void listen(), RELISTEN_MS).unref();
    }
  }

  async function release(): Promise<void> {
    const c = client;
    client = null;
    if (!c) return;
    await c.query(`UNLISTEN ${PG_CHANNEL}`).catch(() => {});
    c.release(true);
  }

  void listen();
  return {
    async publish(topic) {
      await pool.query('select pg_notify($1, $2)', [PG_CHANNEL, `${schema}:${topic}`]);
    },
    subscribe: (topic, handler) => local.add(topic, handler),
    async close() {
      closed = true;
      await release();
    },
  };
}

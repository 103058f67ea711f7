import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { siteOriginOf } from '../../../common/schemas/setup.js';
import type { Config } from '../../config.js';
import { AppError } from '../../errors.js';
import { createMailer, type MailerOptions, type MailMessage } from '../../infra/mailer/index.js';
import type { Metrics } from '../../infra/metrics/metrics.js';
import type { SettingsService } from '../settings/settings.service.js';

const MAIL_LINK_ORIGIN_MISSING =
  "Links in emails need the site's address: set the PUBLIC_ORIGIN environment variable";

/** What a service needs from the request to send account mail (never its Host: see siteOrigin). */
export interface MailContext {
  log: FastifyBaseLogger;
}

export function mailContext(request: FastifyRequest): MailContext {
  return { log: request.log };
}

interface Deps {
  settings: SettingsService;
  config: Pick<Config, 'mail' | 'publicOrigins'>;
  /** Tests only: lets the mailer trust the loopback SMTP sink's certificate. */
  mailerOptions?: MailerOptions;
  metrics: Pick<Metrics, 'mails'>;
}

export type MailService = ReturnType<typeof createMailService>;

/** Sites set up before the domain had to be an origin may hold a bare host name, read as https. */
function legacyHostOrigin(domain: string): string | null {
  const host = domain.trim().replace(/\/$/, '');
  return /^[a-z0-9.-]+(:\d{1,5})?$/i.test(host) ? siteOriginOf(`https://${host}`) : null;
}

export function createMailService({ settings, config, mailerOptions, metrics }: Deps) {
  const pending = new Set<Promise<void>>();

  /** Sends with the provider configured right now; a provider failure is AppError('MAIL_FAILED'). */
  async function send(msg: MailMessage): Promise<void> {
    const current = await settings.get();
    const mailer = createMailer(current, config.mail, mailerOptions);
    try {
      await mailer.send(msg);
      metrics.mails.inc({ provider: current.emailProvider, outcome: 'sent' });
    } catch (e) {
      metrics.mails.inc({ provider: current.emailProvider, outcome: 'failed' });
      throw e;
    }
  }

  /**
   * The configured origin of the site: the domain stored at setup, else the first PUBLIC_ORIGIN.
   * Never the request's Host header, which the client chooses.
   */
  async function siteOrigin(): Promise<string | null> {
    const { domain } = await settings.get();
    return siteOriginOf(domain) ?? legacyHostOrigin(domain) ?? siteOriginOf(config.publicOrigins[0] ?? '');
  }

  function runInBackground(work: () => Promise<void>, log: FastifyBaseLogger, what: string): void {
    // Starts on a later turn of the event loop, so the answer is written before the work runs.
    const p: Promise<void> = new Promise((resolve) => setImmediate(resolve))
      .then(work)
      .catch((err: unknown) => log.error({ err }, `${what} mail could not be sent`))
      .finally(() => pending.delete(p));
    pending.add(p);
  }

  return {
    send,

    /**
     * Sends without making the caller wait, for answers whose timing must not tell whether an
     * account exists (forgot password, resend verification). Failures, including a message that
     * cannot be made (no site origin), are logged.
     */
    sendInBackground(msg: MailMessage | Promise<MailMessage>, log: FastifyBaseLogger, what: string): void {
      runInBackground(async () => send(await msg), log, what);
    },

    /** Runs mail work (lookups, tokens and the send) after the answer; `settled()` waits for it. */
    runInBackground,

    /** Resolves when every background send has finished (shutdown, tests). */
    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },

    siteOrigin,

    /** Origin for links in mails; without a configured one no link (and so no mail) is made. */
    async linkOrigin(): Promise<string> {
      const origin = await siteOrigin();
      if (!origin) throw new AppError('MAIL_FAILED', MAIL_LINK_ORIGIN_MISSING);
      return origin;
    },
  };
}

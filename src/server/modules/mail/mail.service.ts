import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { createMailer, type MailerOptions, type MailMessage } from '../../infra/mailer/index.js';
import type { SettingsService } from '../settings/settings.service.js';

/** What a service needs from the request to send account mail. */
export interface MailContext {
  /** `${protocol}://${host}` of the request: the last resort for links in mails. */
  requestOrigin: string;
  log: FastifyBaseLogger;
}

export function mailContext(request: FastifyRequest): MailContext {
  return { requestOrigin: `${request.protocol}://${request.host}`, log: request.log };
}

interface Deps {
  settings: SettingsService;
  config: Pick<Config, 'mail' | 'publicOrigins'>;
  /** Tests only: lets the mailer trust the loopback SMTP sink's certificate. */
  mailerOptions?: MailerOptions;
}

export type MailService = ReturnType<typeof createMailService>;

function originOf(value: string): string | null {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

export function createMailService({ settings, config, mailerOptions }: Deps) {
  const pending = new Set<Promise<void>>();

  /** Sends with the provider configured right now; a provider failure is AppError('MAIL_FAILED'). */
  async function send(msg: MailMessage): Promise<void> {
    const mailer = createMailer(await settings.get(), config.mail, mailerOptions);
    await mailer.send(msg);
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
     * account exists (forgot password, resend verification). Failures are logged.
     */
    sendInBackground(msg: MailMessage, log: FastifyBaseLogger, what: string): void {
      runInBackground(() => send(msg), log, what);
    },

    /** Runs mail work (lookups, tokens and the send) after the answer; `settled()` waits for it. */
    runInBackground,

    /** Resolves when every background send has finished (shutdown, tests). */
    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },

    /**
     * Origin for links in mails. The Host header is chosen by the client, so a configured origin
     * wins: the domain setting when it is a full origin, then PUBLIC_ORIGIN, then the request.
     */
    async linkOrigin(requestOrigin: string): Promise<string> {
      const s = await settings.get();
      return originOf(s.domain) ?? config.publicOrigins[0] ?? requestOrigin;
    },
  };
}

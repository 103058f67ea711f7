import nodemailer from 'nodemailer';
import type { SMTPTransportOptions } from 'nodemailer/lib/smtp-transport';
import { SMTP_DEFAULT_PORT, SMTP_SECURE_PORT } from '../../../common/constants.js';
import type { EmailSettings } from '../../../common/schemas/settings.js';
import type { Config } from '../../config.js';
import { mailFailed, notReached, prepareMessage, secretForms, stripLineBreaks } from './headers.js';
import type { Mailer } from './types.js';

/**
 * Test-only relaxation of certificate checks, so tests can talk to a loopback `smtp-server` with
 * its built-in self-signed certificate. Production callers never pass it: encryption itself is
 * never optional (implicit TLS or required STARTTLS), only who signed the certificate.
 */
export interface SmtpTlsOverride {
  rejectUnauthorized?: boolean;
  ca?: string | Buffer;
}

/** Spec §9: 465 with implicit TLS when the TLS option is on, otherwise 587 with STARTTLS. */
export function defaultSmtpPort(secure: boolean): number {
  return secure ? SMTP_SECURE_PORT : SMTP_DEFAULT_PORT;
}

/** The nodemailer options for these settings; exported so tests can check the production defaults. */
export function smtpTransportOptions(
  settings: EmailSettings,
  mailConfig: Config['mail'],
  tlsOverride?: SmtpTlsOverride,
): SMTPTransportOptions {
  const secure = settings.smtpSecure;
  return {
    host: settings.smtpHost,
    port: settings.smtpPort || defaultSmtpPort(secure),
    secure,
    // Without implicit TLS the session must upgrade with STARTTLS, or nothing (credentials
    // included) is sent: a server or attacker hiding STARTTLS cannot downgrade us to plain text.
    requireTLS: !secure,
    auth: settings.smtpUser ? { user: settings.smtpUser, pass: settings.smtpPassword } : undefined,
    connectionTimeout: mailConfig.timeoutMs,
    greetingTimeout: mailConfig.timeoutMs,
    socketTimeout: mailConfig.timeoutMs,
    dnsTimeout: mailConfig.timeoutMs,
    tls: tlsOverride ? { ...tlsOverride } : undefined,
    // Messages are plain html/text; nothing in them may make the server read files or fetch URLs.
    disableFileAccess: true,
    disableUrlAccess: true,
    logger: false,
    debug: false,
  };
}

/** SMTP through nodemailer; a new connection per message (mail volume here is low). */
export function createSmtpMailer(
  settings: EmailSettings,
  mailConfig: Config['mail'],
  tlsOverride?: SmtpTlsOverride,
): Mailer {
  const transporter = nodemailer.createTransport(smtpTransportOptions(settings, mailConfig, tlsOverride));
  const secrets = secretForms(
    settings.smtpPassword,
    `\u0000${settings.smtpUser}\u0000${settings.smtpPassword}`,
  );
  const where = `${settings.smtpHost}:${settings.smtpPort || defaultSmtpPort(settings.smtpSecure)}`;
  const failed = (err: unknown) =>
    ((err as { command?: string })?.command === 'CONN' ? notReached(err, where) : null) ??
    mailFailed('SMTP server', (err as Error)?.message ?? String(err), secrets);
  const from = {
    name: stripLineBreaks(settings.emailFromName),
    address: stripLineBreaks(settings.emailFrom),
  };

  return {
    async send(msg) {
      const m = prepareMessage(msg);
      try {
        await transporter.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html });
      } catch (err) {
        throw failed(err);
      }
    },
    async testConnection() {
      try {
        // Connects, upgrades to TLS and logs in when a user is set, without sending anything.
        await transporter.verify();
      } catch (err) {
        throw failed(err);
      }
    },
  };
}

import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpSink, startSmtpSink } from '../../../../test/helpers/smtp-sink.js';
import type { EmailSettings } from '../../../common/schemas/settings.js';
import { createMailer, type MailMessage } from './index.js';
import { baseSettings, rejection } from './mailer.fixtures.js';
import { smtpTransportOptions } from './smtp.js';

const cfg = { resendUrl: 'http://x', sendgridUrl: 'http://x', mailgunUrl: 'http://x', timeoutMs: 3000 };
const creds = { user: 'mailer', pass: 'correct horse battery' };
// Tests only: the sink uses smtp-server's built-in self-signed certificate.
const testTls = { smtpTls: { rejectUnauthorized: false } };
const link = 'https://paste.example/verify-email?token=0123456789abcdef0123456789abcdef';
const message: MailMessage = {
  to: 'alice@example.org',
  subject: 'Vérifiez votre adresse',
  text: `Hello Alice,\nopen ${link} to verify.`,
  html: `<p>Hello Alice, <a href="${link}" style="color:#fff;background:#2563eb;padding:12px 20px;border-radius:6px;text-decoration:none">Verify my email address</a></p>`,
};

function smtp(port: number, patch: Partial<EmailSettings> = {}): EmailSettings {
  return { ...baseSettings, emailProvider: 'smtp', smtpHost: '127.0.0.1', smtpPort: port, ...patch };
}

describe('SMTP transport options', () => {
  it('uses 587 with required STARTTLS, or 465 with implicit TLS, and verifies certificates', () => {
    const plain = smtpTransportOptions(smtp(0), cfg);
    expect(plain).toMatchObject({
      port: 587,
      secure: false,
      requireTLS: true,
      auth: undefined,
      tls: undefined,
    });
    expect(plain.ignoreTLS).toBeUndefined();
    const secure = smtpTransportOptions(smtp(0, { smtpSecure: true }), cfg);
    expect(secure).toMatchObject({ port: 465, secure: true, requireTLS: false, tls: undefined });
    const timeouts = smtpTransportOptions(smtp(2525, { smtpUser: 'u', smtpPassword: 'p' }), cfg);
    expect(timeouts).toMatchObject({
      port: 2525,
      auth: { user: 'u', pass: 'p' },
      connectionTimeout: 3000,
      greetingTimeout: 3000,
      socketTimeout: 3000,
    });
  });
});

describe('SMTP through a real local server', () => {
  let authSink: SmtpSink;
  let openSink: SmtpSink;
  beforeAll(async () => {
    authSink = await startSmtpSink({ auth: creds });
    openSink = await startSmtpSink();
  });
  afterAll(async () => {
    await authSink.close();
    await openSink.close();
  });

  const withAuth = (patch: Partial<EmailSettings> = {}) =>
    smtp(authSink.port, { smtpUser: creds.user, smtpPassword: creds.pass, ...patch });

  it('sends over STARTTLS with auth, and the mail reads back with its link', async () => {
    await createMailer(withAuth(), cfg, testTls).send(message);
    const got = await authSink.waitForMessage((m) => m.envelope.to.includes('alice@example.org'));
    expect(got.secured).toBe(true);
    expect(got.user).toBe(creds.user);
    expect(got.envelope.from).toBe('noreply@example.com');
    expect(got.subject).toBe('Vérifiez votre adresse');
    expect(got.from).toMatch(/^"?Paste Share"? <noreply@example\.com>$/);
    expect(got.to).toBe('alice@example.org');
    expect(got.text).toContain(link);
    expect(got.html).toContain(`href="${link}"`);
  });

  it('sends without auth when no user is set, still over STARTTLS', async () => {
    await createMailer(smtp(openSink.port), cfg, testTls).send({ ...message, to: 'bob@example.org' });
    const got = await openSink.waitForMessage((m) => m.to === 'bob@example.org');
    expect(got.secured).toBe(true);
    expect(got.user).toBeUndefined();
  });

  it('sends with implicit TLS when the TLS option is on', async () => {
    const tlsSink = await startSmtpSink({ secure: true, auth: creds });
    try {
      const settings = smtp(tlsSink.port, {
        smtpSecure: true,
        smtpUser: creds.user,
        smtpPassword: creds.pass,
      });
      await createMailer(settings, cfg, testTls).send(message);
      expect((await tlsSink.waitForMessage()).secured).toBe(true);
    } finally {
      await tlsSink.close();
    }
  });

  it('a wrong password is MAIL_FAILED without the password in the message', async () => {
    const before = authSink.messages.length;
    const mailer = createMailer(withAuth({ smtpPassword: 'wrong-secret-pw' }), cfg, testTls);
    for (const attempt of [mailer.send(message), mailer.testConnection()]) {
      const err = await rejection(attempt);
      expect(err.code).toBe('MAIL_FAILED');
      expect(err.message).toMatch(/^SMTP server rejected the request: .*535/);
      expect(err.message).not.toContain('wrong-secret-pw');
    }
    expect(authSink.messages).toHaveLength(before);
  });

  it('testConnection passes with good credentials', async () => {
    await expect(createMailer(withAuth(), cfg, testTls).testConnection()).resolves.toBeUndefined();
  });

  it('testConnection fails when nothing listens, saying so in plain words', async () => {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as net.AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const err = await rejection(createMailer(smtp(port), cfg, testTls).testConnection());
    expect(err.code).toBe('MAIL_FAILED');
    expect(err.message).toBe(`Could not connect to 127.0.0.1:${port} (connection refused)`);
  });

  it('testConnection names a host that does not exist', async () => {
    const err = await rejection(
      createMailer(smtp(587, { smtpHost: 'no-such-host.invalid' }), cfg).testConnection(),
    );
    expect(err.message).toMatch(
      /^Could not connect to no-such-host\.invalid:587 \((no such host name|the host name could not be looked up)\)$/,
    );
  });

  it('gives up on a server that never greets within the timeout', async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    try {
      const err = await rejection(
        createMailer(smtp(port), { ...cfg, timeoutMs: 300 }, testTls).testConnection(),
      );
      // The timeout gave up, not the test's own time limit (no stopwatch: a loaded machine makes it flaky).
      expect(err.code).toBe('MAIL_FAILED');
      expect(err.message).toBe(`Could not connect to 127.0.0.1:${port} (no answer)`);
    } finally {
      silent.close();
    }
  });

  it('by default rejects the self-signed certificate (production stays strict)', async () => {
    const before = authSink.messages.length;
    const err = await rejection(createMailer(withAuth(), cfg).send(message));
    expect(err.code).toBe('MAIL_FAILED');
    expect(err.message).toMatch(/certificate/i);
    expect(authSink.messages).toHaveLength(before);
  });

  it('refuses to continue in clear text when the server offers no STARTTLS', async () => {
    const plainSink = await startSmtpSink({ starttls: false });
    try {
      const err = await rejection(createMailer(smtp(plainSink.port), cfg, testTls).send(message));
      expect(err.code).toBe('MAIL_FAILED');
      expect(err.message).toMatch(/STARTTLS/);
      expect(plainSink.messages).toHaveLength(0);
    } finally {
      await plainSink.close();
    }
  });

  it('strips CR/LF from the subject and from name so no header can be injected', async () => {
    const settings = smtp(openSink.port, { emailFromName: 'Paste\r\nBcc: victim@evil.test' });
    const subject = 'Hello\r\nX-Injected: yes\r\nBcc: victim2@evil.test';
    await createMailer(settings, cfg, testTls).send({ ...message, to: 'carol@example.org', subject });
    const got = await openSink.waitForMessage((m) => m.to === 'carol@example.org');
    expect(got.raw).not.toMatch(/^(Bcc|X-Injected):/im);
    expect(got.envelope.to).toEqual(['carol@example.org']);
    expect(got.subject).toBe('Hello X-Injected: yes Bcc: victim2@evil.test');
    expect(got.from).toContain('Paste Bcc: victim@evil.test');
  });
});

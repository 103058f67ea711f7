import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeMailApis, startFakeMailApis } from '../../../../test/helpers/fake-mail-apis.js';
import type { EmailSettings } from '../../../common/schemas/settings.js';
import { AppError } from '../../errors.js';
import { createMailer, formatFromHeader, type MailMessage, stripLineBreaks } from './index.js';
import { baseSettings, rejection } from './mailer.fixtures.js';

const message: MailMessage = {
  to: 'alice@example.org',
  subject: 'Verify your email',
  text: 'Open https://paste.example/verify?token=abc',
  html: '<p><a href="https://paste.example/verify?token=abc">Verify</a></p>',
};

function thrown(fn: () => unknown): AppError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  }
  throw new Error('expected a throw');
}

describe('header helpers', () => {
  it('turns CR/LF and Unicode line separators into spaces', () => {
    expect(stripLineBreaks('Hi\r\nBcc: x@evil.test')).toBe('Hi Bcc: x@evil.test');
    expect(stripLineBreaks('a\nb\u2028c\r')).toBe('a b c');
  });

  it('formats the from header, quoting the name', () => {
    expect(formatFromHeader('noreply@example.com')).toBe('noreply@example.com');
    expect(formatFromHeader('noreply@example.com', 'Paste, "Share"\r\n')).toBe(
      '"Paste, \\"Share\\"" <noreply@example.com>',
    );
  });
});

describe('createMailer validation', () => {
  const cfg = { resendUrl: 'http://x', sendgridUrl: 'http://x', mailgunUrl: 'http://x', timeoutMs: 1000 };
  const cases: [string, Partial<EmailSettings>, RegExp][] = [
    ['provider none', {}, /not configured/],
    ['missing from', { emailProvider: 'resend', resendApiKey: 'k', emailFrom: ' ' }, /from email/],
    ['bad from', { emailProvider: 'resend', resendApiKey: 'k', emailFrom: 'a@b.c, x@y.z' }, /from email/],
    ['resend key', { emailProvider: 'resend' }, /Resend API key/],
    ['sendgrid key', { emailProvider: 'sendgrid' }, /SendGrid API key/],
    ['key with a line break', { emailProvider: 'sendgrid', sendgridApiKey: 'a\r\nb' }, /SendGrid API key/],
    ['mailgun domain', { emailProvider: 'mailgun', mailgunApiKey: 'k' }, /Mailgun domain/],
    [
      'mailgun domain path',
      { emailProvider: 'mailgun', mailgunApiKey: 'k', mailgunDomain: '../x' },
      /domain/,
    ],
    ['smtp host', { emailProvider: 'smtp' }, /SMTP host/],
    ['smtp URL as host', { emailProvider: 'smtp', smtpHost: 'smtp://mail.example.com' }, /not a URL/],
    ['smtp user without password', { emailProvider: 'smtp', smtpHost: 'h', smtpUser: 'u' }, /SMTP password/],
  ];
  it.each(cases)('rejects %s with VALIDATION', (_name, patch, pattern) => {
    const err = thrown(() => createMailer({ ...baseSettings, ...patch }, cfg));
    expect(err.code).toBe('VALIDATION');
    expect(err.status).toBe(400);
    expect(err.message).toMatch(pattern);
  });

  it('accepts complete settings for every provider', () => {
    for (const patch of [
      { emailProvider: 'resend', resendApiKey: 'k' },
      { emailProvider: 'sendgrid', sendgridApiKey: 'k' },
      { emailProvider: 'mailgun', mailgunApiKey: 'k', mailgunDomain: 'mg.example.com' },
      { emailProvider: 'smtp', smtpHost: 'mail.example.com', smtpUser: 'u', smtpPassword: 'p' },
    ] as Partial<EmailSettings>[]) {
      expect(createMailer({ ...baseSettings, ...patch }, cfg)).toHaveProperty('send');
    }
  });
});

describe('HTTP providers against local fakes', () => {
  let fake: FakeMailApis;
  beforeAll(async () => {
    fake = await startFakeMailApis();
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  const resend = () => ({
    ...baseSettings,
    emailProvider: 'resend' as const,
    resendApiKey: fake.keys.resend,
  });
  const sendgrid = () => ({
    ...baseSettings,
    emailProvider: 'sendgrid' as const,
    sendgridApiKey: fake.keys.sendgrid,
  });
  const mailgun = () => ({
    ...baseSettings,
    emailProvider: 'mailgun' as const,
    mailgunApiKey: fake.keys.mailgun,
    mailgunDomain: fake.keys.mailgunDomain,
  });

  it('Resend: posts JSON with a Bearer key and checks the key on /domains', async () => {
    const mailer = createMailer(resend(), fake.mailConfig());
    await mailer.send(message);
    await mailer.testConnection();
    const [sent, check] = fake.requests;
    expect(sent).toMatchObject({ method: 'POST', path: '/emails' });
    expect(sent?.headers.authorization).toBe(`Bearer ${fake.keys.resend}`);
    expect(sent?.headers['content-type']).toContain('application/json');
    expect(sent?.headers['user-agent']).toBeTruthy();
    expect(sent?.body).toEqual({
      from: '"Paste Share" <noreply@example.com>',
      to: ['alice@example.org'],
      subject: message.subject,
      html: message.html,
      text: message.text,
    });
    expect(check).toMatchObject({ method: 'GET', path: '/domains' });
    expect(check?.headers.authorization).toBe(`Bearer ${fake.keys.resend}`);
  });

  it('Resend: a wrong key is MAIL_FAILED without the key in the message', async () => {
    const mailer = createMailer({ ...resend(), resendApiKey: 're_wrong_secret_key' }, fake.mailConfig());
    for (const attempt of [mailer.send(message), mailer.testConnection()]) {
      const err = await rejection(attempt);
      expect(err.code).toBe('MAIL_FAILED');
      expect(err.status).toBe(502);
      expect(err.message).toMatch(/^Resend rejected the request: 401/);
      expect(err.message).not.toContain('re_wrong_secret_key');
    }
  });

  it('Resend: a sending-only key passes the connection test but other 401s do not', async () => {
    const mailer = createMailer(resend(), fake.mailConfig());
    fake.fail(401, { name: 'restricted_api_key', message: 'This API key is restricted to only send emails' });
    await expect(mailer.testConnection()).resolves.toBeUndefined();
    expect((await rejection(mailer.send(message))).code).toBe('MAIL_FAILED');
    fake.fail(401, { name: 'missing_api_key', message: 'Missing API key' });
    expect((await rejection(mailer.testConnection())).code).toBe('MAIL_FAILED');
  });

  it('redacts a key the provider echoes back in its error', async () => {
    const key = fake.keys.resend;
    fake.fail(500, {
      message: `Internal error while using key ${key} (${Buffer.from(key).toString('base64')})`,
    });
    const err = await rejection(createMailer(resend(), fake.mailConfig()).send(message));
    expect(err.message).toMatch(/500 Internal Server Error - Internal error while using key \[redacted\]/);
    expect(err.message).not.toContain(key);
    expect(err.message).not.toContain(Buffer.from(key).toString('base64'));
  });

  it('SendGrid: posts personalizations, from and both content types', async () => {
    const mailer = createMailer(sendgrid(), fake.mailConfig());
    await mailer.send(message);
    await mailer.testConnection();
    const [sent, check] = fake.requests;
    expect(sent).toMatchObject({ method: 'POST', path: '/v3/mail/send' });
    expect(sent?.headers.authorization).toBe(`Bearer ${fake.keys.sendgrid}`);
    expect(sent?.body).toEqual({
      personalizations: [{ to: [{ email: 'alice@example.org' }] }],
      from: { email: 'noreply@example.com', name: 'Paste Share' },
      subject: message.subject,
      content: [
        { type: 'text/plain', value: message.text },
        { type: 'text/html', value: message.html },
      ],
    });
    expect(check).toMatchObject({ method: 'GET', path: '/v3/scopes' });
  });

  it('SendGrid: a forced failure status is MAIL_FAILED', async () => {
    fake.fail(503, { errors: [{ message: 'Service unavailable' }] });
    const err = await rejection(createMailer(sendgrid(), fake.mailConfig()).send(message));
    expect(err.code).toBe('MAIL_FAILED');
    expect(err.message).toBe('SendGrid rejected the request: 503 Service Unavailable - Service unavailable');
  });

  it('Mailgun: form post to the domain with Basic api:KEY', async () => {
    const mailer = createMailer(mailgun(), fake.mailConfig());
    await mailer.send(message);
    await mailer.testConnection();
    const [sent, check] = fake.requests;
    expect(sent).toMatchObject({ method: 'POST', path: '/v3/mg.example.com/messages' });
    expect(sent?.headers.authorization).toBe(
      `Basic ${Buffer.from(`api:${fake.keys.mailgun}`).toString('base64')}`,
    );
    expect(sent?.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(sent?.body).toEqual({
      from: '"Paste Share" <noreply@example.com>',
      to: 'alice@example.org',
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
    expect(check).toMatchObject({ method: 'GET', path: '/v3/domains/mg.example.com' });
  });

  it('Mailgun: wrong key and unknown domain are MAIL_FAILED', async () => {
    const wrongKey = createMailer({ ...mailgun(), mailgunApiKey: 'key-wrong-secret' }, fake.mailConfig());
    const err = await rejection(wrongKey.testConnection());
    expect(err.message).toMatch(/^Mailgun rejected the request: 401/);
    expect(err.message).not.toContain('key-wrong-secret');
    const otherDomain = createMailer({ ...mailgun(), mailgunDomain: 'mg.other.com' }, fake.mailConfig());
    expect((await rejection(otherDomain.send(message))).message).toMatch(/404 Not Found - Domain not found/);
  });

  it('strips CR/LF from subject and from name before they reach the provider', async () => {
    const settings = { ...resend(), emailFromName: 'Paste\r\nBcc: victim@evil.test' };
    await createMailer(settings, fake.mailConfig()).send({ ...message, subject: 'Hi\r\nX-Injected: 1' });
    const body = fake.requests[0]?.body;
    expect(body.subject).toBe('Hi X-Injected: 1');
    expect(body.from).toBe('"Paste Bcc: victim@evil.test" <noreply@example.com>');
    expect(fake.requests[0]?.rawBody).not.toMatch(/\\r|\\n/);
  });

  it('refuses a recipient that is not one plain address, before calling the provider', async () => {
    const mailer = createMailer(sendgrid(), fake.mailConfig());
    for (const to of ['a@example.org\r\nBcc: b@evil.test', 'a@example.org, b@evil.test', 'nobody']) {
      expect((await rejection(mailer.send({ ...message, to }))).code).toBe('VALIDATION');
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('a provider that does not answer in time is MAIL_FAILED', async () => {
    fake.delay(1000);
    const err = await rejection(createMailer(mailgun(), fake.mailConfig(100)).send(message));
    expect(err.code).toBe('MAIL_FAILED');
    expect(err.message).toBe('Mailgun rejected the request: no answer within 100 ms');
  });

  it('a provider that cannot be reached is MAIL_FAILED', async () => {
    const closed = await startFakeMailApis();
    const cfg = closed.mailConfig();
    await closed.close();
    const err = await rejection(createMailer(sendgrid(), cfg).testConnection());
    expect(err.message).toBe(`Could not connect to ${new URL(cfg.sendgridUrl).host} (connection refused)`);
  });
});

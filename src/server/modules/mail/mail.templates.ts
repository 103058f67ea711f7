import type { RenderedEmail } from '../../../common/schemas/account.js';
import type { Settings } from '../../../common/schemas/settings.js';
import { fillPlain, fillTemplate, htmlToText, mailButton } from './mail.html.js';

/**
 * The two account mails. Admins may replace the body (and the verification subject) in settings;
 * blank means the defaults below. Variables follow spec §2 Settings tab: SITE_NAME, USERNAME,
 * USER_EMAIL, VERIFY_LINK, VERIFY_BUTTON for verification; resetLink, username, resetButton for
 * the reset mail (SITE_NAME works there too).
 */
type TemplateSettings = Pick<
  Settings,
  'siteTitle' | 'emailVerificationSubject' | 'emailVerificationTemplate' | 'forgotPasswordTemplate'
>;

export const DEFAULT_VERIFICATION_SUBJECT = 'Verify your email for {{SITE_NAME}}';
export const FORGOT_PASSWORD_SUBJECT = 'Reset your {{SITE_NAME}} password';

const wrap = (inner: string) =>
  '<!doctype html><html><body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;' +
  'color:#111827;background:#f9fafb"><div style="max-width:560px;margin:0 auto;background:#ffffff;' +
  `padding:24px;border-radius:8px">${inner}</div></body></html>`;

export const DEFAULT_VERIFICATION_HTML = wrap(
  '<h1 style="font-size:20px">Welcome to {{SITE_NAME}}, {{USERNAME}}!</h1>' +
    '<p>Please confirm that {{USER_EMAIL}} is your email address.</p>' +
    '<p>{{VERIFY_BUTTON}}</p>' +
    '<p style="font-size:13px;color:#6b7280">Or open this link: <a href="{{VERIFY_LINK}}">{{VERIFY_LINK}}</a></p>' +
    '<p style="font-size:13px;color:#6b7280">The link expires in 24 hours. ' +
    'If you did not ask for this, you can ignore this email.</p>',
);

const DEFAULT_VERIFICATION_TEXT = [
  'Welcome to {{SITE_NAME}}, {{USERNAME}}!',
  '',
  'Please confirm that {{USER_EMAIL}} is your email address by opening this link:',
  '{{VERIFY_LINK}}',
  '',
  'The link expires in 24 hours. If you did not ask for this, you can ignore this email.',
].join('\n');

export const DEFAULT_FORGOT_PASSWORD_HTML = wrap(
  '<h1 style="font-size:20px">Reset your password</h1>' +
    '<p>Hello {{username}}, we received a request to reset the password of your {{SITE_NAME}} account.</p>' +
    '<p>{{resetButton}}</p>' +
    '<p style="font-size:13px;color:#6b7280">Or open this link: <a href="{{resetLink}}">{{resetLink}}</a></p>' +
    '<p style="font-size:13px;color:#6b7280">The link expires in 1 hour and works once. ' +
    'If you did not ask for a reset, you can ignore this email: your password stays the same.</p>',
);

const DEFAULT_FORGOT_PASSWORD_TEXT = [
  'Hello {{username}},',
  '',
  'We received a request to reset the password of your {{SITE_NAME}} account. Open this link to choose a new one:',
  '{{resetLink}}',
  '',
  'The link expires in 1 hour and works once. If you did not ask for a reset, ignore this email.',
].join('\n');

function render(
  customHtml: string,
  defaults: { html: string; text: string },
  subject: string,
  values: Record<string, string>,
  buttons: Record<string, string>,
): RenderedEmail {
  const custom = customHtml.trim();
  const html = fillTemplate(custom || defaults.html, values, buttons);
  return {
    subject: fillPlain(subject, values),
    html,
    // The default has a hand-written text part; a custom template gets one derived from its HTML.
    text: custom ? htmlToText(html) : fillPlain(defaults.text, values),
  };
}

export function renderVerificationEmail(
  s: TemplateSettings,
  v: { username: string; email: string; link: string },
): RenderedEmail {
  const values = { SITE_NAME: s.siteTitle, USERNAME: v.username, USER_EMAIL: v.email, VERIFY_LINK: v.link };
  return render(
    s.emailVerificationTemplate,
    { html: DEFAULT_VERIFICATION_HTML, text: DEFAULT_VERIFICATION_TEXT },
    s.emailVerificationSubject.trim() || DEFAULT_VERIFICATION_SUBJECT,
    values,
    { VERIFY_BUTTON: mailButton(v.link, 'Verify Email') },
  );
}

export function renderForgotPasswordEmail(
  s: TemplateSettings,
  v: { username: string; link: string },
): RenderedEmail {
  const values = { SITE_NAME: s.siteTitle, username: v.username, resetLink: v.link };
  return render(
    s.forgotPasswordTemplate,
    { html: DEFAULT_FORGOT_PASSWORD_HTML, text: DEFAULT_FORGOT_PASSWORD_TEXT },
    FORGOT_PASSWORD_SUBJECT,
    values,
    { resetButton: mailButton(v.link, 'Reset Password') },
  );
}

export const REPORT_DECIDED_SUBJECT = 'Your report to {{SITE_NAME}} was decided';

/** A reporter's mail: what became of the paste they reported (never who decided it). */
export function renderReportDecidedEmail(
  s: Pick<Settings, 'siteTitle'>,
  v: { message: string; link: string | null },
): RenderedEmail {
  const values = { SITE_NAME: s.siteTitle, MESSAGE: v.message, LINK: v.link ?? '' };
  const linkLine = v.link ? '<p style="font-size:13px;color:#6b7280">{{LINK}}</p>' : '';
  return render(
    '',
    {
      html: wrap(`<h1 style="font-size:20px">Your report was decided</h1><p>{{MESSAGE}}</p>${linkLine}`),
      text: ['{{MESSAGE}}', ...(v.link ? ['', '{{LINK}}'] : []), '', '{{SITE_NAME}}'].join('\n'),
    },
    REPORT_DECIDED_SUBJECT,
    values,
    {},
  );
}

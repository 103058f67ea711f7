import type { RenderedEmail } from '../../../common/schemas/account.js';
import { escapeHtml, fillPlain } from '../mail/mail.html.js';

/**
 * Security notices to the owner of an address: not templates an admin edits, but short fixed
 * texts, so they always say what happened and what to do about it.
 */
function notice(subject: string, paragraphs: string[], values: Record<string, string>): RenderedEmail {
  const filled = paragraphs.map((p) => fillPlain(p, values));
  const html = filled.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
  return {
    subject: fillPlain(subject, values),
    html: `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif">${html}</body></html>`,
    text: filled.join('\n\n'),
  };
}

/** To the old address when the account asks to move to a new one. */
export function renderEmailChangeNotice(v: {
  siteTitle: string;
  username: string;
  newEmail: string;
  forgotLink: string;
}): RenderedEmail {
  return notice(
    'Your {{site}} email address is being changed',
    [
      'Hello {{username}},',
      'Someone signed in to your {{site}} account asked to change its email address to {{newEmail}}. The change takes effect when the link sent to that address is followed.',
      'If this was you, there is nothing to do. If it was not, reset your password now; this cancels the change and signs everyone out: {{forgotLink}}',
    ],
    { site: v.siteTitle, username: v.username, newEmail: v.newEmail, forgotLink: v.forgotLink },
  );
}

/** To an address someone tried to register again: the owner learns it, the visitor does not. */
export function renderRegistrationAttemptNotice(v: {
  siteTitle: string;
  username: string;
  loginLink: string;
  forgotLink: string;
}): RenderedEmail {
  return notice(
    'Someone tried to register at {{site}} with your address',
    [
      'Hello {{username}},',
      'Someone tried to create a new {{site}} account with this email address, which already belongs to your account {{username}}. No new account was created.',
      'If this was you, log in here: {{loginLink}} (forgot your password? {{forgotLink}}). If it was not, you can ignore this email.',
    ],
    { site: v.siteTitle, username: v.username, loginLink: v.loginLink, forgotLink: v.forgotLink },
  );
}

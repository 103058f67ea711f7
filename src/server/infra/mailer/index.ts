export { formatFromHeader, stripLineBreaks } from './headers.js';
export { createMailer, type Mailer, type MailerOptions, type MailMessage } from './mailer.js';
export { defaultSmtpPort, type SmtpTlsOverride } from './smtp.js';

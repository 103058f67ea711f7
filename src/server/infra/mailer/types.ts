/** What every mail provider implements (the providers and the factory both import these). */
export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** Sends mail through the configured provider; every provider failure is AppError('MAIL_FAILED'). */
export interface Mailer {
  send(msg: MailMessage): Promise<void>;
  /** Checks the credentials (and for SMTP the TLS session) without sending anything. */
  testConnection(): Promise<void>;
}

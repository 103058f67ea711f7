import { expect } from 'vitest';
import type { EmailSettings } from '../../../common/schemas/settings.js';
import { AppError } from '../../errors.js';

/** Shared by the mailer test files (a test file importing another would run its suites twice). */
export const baseSettings: EmailSettings = {
  emailProvider: 'none',
  emailFrom: 'noreply@example.com',
  emailFromName: 'Paste Share',
  resendApiKey: '',
  sendgridApiKey: '',
  mailgunApiKey: '',
  mailgunDomain: '',
  smtpHost: '',
  smtpPort: 587,
  smtpUser: '',
  smtpPassword: '',
  smtpSecure: false,
};

/** The AppError a promise rejects with; fails the test when it resolves or rejects otherwise. */
export async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

import { CHANGE_PASSWORD_MIN, RESET_PASSWORD_MIN } from '../../common/constants';
import { ACCOUNT_MESSAGES } from '../../common/schemas/account';

export const RESET_MISMATCH = 'Passwords do not match';

/** Spec §5 Reset: both fields, matching, at least 8 characters — the first problem, or null. */
export function resetPasswordProblem(password: string, confirm: string): string | null {
  if (!password || !confirm) return ACCOUNT_MESSAGES.fillAllFields;
  if (password !== confirm) return RESET_MISMATCH;
  if (password.length < RESET_PASSWORD_MIN) return ACCOUNT_MESSAGES.resetPasswordTooShort;
  return null;
}

export interface ChangePasswordForm {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * Spec §5 Account: the new password equals its confirmation ("Passwords Don't Match", the toast's
 * title) and has at least 6 characters. The toast title and message of the first problem, or null.
 */
export function changePasswordProblem(form: ChangePasswordForm): { title: string; message: string } | null {
  const failed = 'Password Change Failed';
  if (!form.currentPassword || !form.newPassword || !form.confirmPassword) {
    return { title: failed, message: ACCOUNT_MESSAGES.fillAllFields };
  }
  if (form.newPassword !== form.confirmPassword) {
    return {
      title: ACCOUNT_MESSAGES.passwordsDontMatch,
      message: 'The new password and its confirmation must be the same.',
    };
  }
  if (form.newPassword.length < CHANGE_PASSWORD_MIN) {
    return { title: failed, message: ACCOUNT_MESSAGES.changePasswordTooShort };
  }
  return null;
}

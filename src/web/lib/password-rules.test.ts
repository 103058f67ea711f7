import { describe, expect, it } from 'vitest';
import { changePasswordProblem, resetPasswordProblem } from './password-rules';

describe('resetPasswordProblem', () => {
  it('checks presence, then match, then length (8)', () => {
    expect(resetPasswordProblem('', 'x')).toBe('Please fill in all fields');
    expect(resetPasswordProblem('abcdefgh', 'abcdefgi')).toBe('Passwords do not match');
    expect(resetPasswordProblem('short', 'short')).toBe('Password must be at least 8 characters long');
    expect(resetPasswordProblem('abcdefgh', 'abcdefgh')).toBeNull();
  });
});

describe('changePasswordProblem', () => {
  const form = { currentPassword: 'old-pass', newPassword: 'abcdef', confirmPassword: 'abcdef' };

  it('accepts six characters', () => {
    expect(changePasswordProblem(form)).toBeNull();
  });

  it('titles a mismatch "Passwords Don\'t Match"', () => {
    expect(changePasswordProblem({ ...form, confirmPassword: 'abcdeg' })?.title).toBe(
      "Passwords Don't Match",
    );
  });

  it('refuses fewer than six characters with the spec message', () => {
    expect(changePasswordProblem({ ...form, newPassword: 'abcde', confirmPassword: 'abcde' })).toEqual({
      title: 'Password Change Failed',
      message: 'Password must be at least 6 characters long.',
    });
  });

  it('needs every field', () => {
    expect(changePasswordProblem({ ...form, currentPassword: '' })?.message).toBe(
      'Please fill in all fields',
    );
  });
});

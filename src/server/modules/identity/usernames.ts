import { USERNAME_MAX, USERNAME_MIN } from '../../../common/constants.js';

/**
 * A username for an account made at its first sign-in, from what the provider calls the person
 * (its `usernameClaim`, GitHub's login, the directory's username attribute). The spec's rules
 * hold: 3–30 letters, digits, `_` or `-`, never both separators. A claim that fits is kept as it
 * is; otherwise accents are dropped, an email keeps its local part, every other run of characters
 * becomes one separator (`-` when the claim uses hyphens and no underscores, else `_`), and the
 * result is cut to 30. Too short (or nothing left, e.g. a name in another script): `user` is put
 * in front. Taken (case-insensitively): `_2`, `_3`… (with its separator), the base cut to fit.
 */
const PATTERN = /^[A-Za-z0-9_-]+$/;

function separatorOf(text: string): '-' | '_' {
  return text.includes('-') && !text.includes('_') ? '-' : '_';
}

function trimSeparators(text: string): string {
  return text.replace(/^[_-]+|[_-]+$/g, '');
}

/** Whether a name meets the spec's username rules. */
export function isValidUsername(name: string): boolean {
  return (
    name.length >= USERNAME_MIN &&
    name.length <= USERNAME_MAX &&
    PATTERN.test(name) &&
    !(name.includes('_') && name.includes('-'))
  );
}

/** The name a claim gives before uniqueness is looked at (always valid). */
export function usernameBase(claim: string | null | undefined): string {
  const raw = (claim ?? '').trim();
  if (isValidUsername(raw)) return raw;
  let text = raw.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  if (text.includes('@')) text = text.slice(0, text.indexOf('@'));
  const sep = separatorOf(text);
  text = trimSeparators(text.replace(/[^A-Za-z0-9]+/g, sep));
  text = trimSeparators(text.slice(0, USERNAME_MAX));
  if (text.length >= USERNAME_MIN) return text;
  return text ? `user${sep}${text}` : 'user';
}

/** `base` with the n-th suffix, cut so the whole stays within 30 characters. */
export function numberedUsername(base: string, n: number): string {
  const sep = separatorOf(base);
  const suffix = `${sep}${n}`;
  return `${trimSeparators(base.slice(0, USERNAME_MAX - suffix.length))}${suffix}`;
}

/** The first name of base, base_2, base_3… that `isTaken` does not claim. */
export async function uniqueUsername(
  claim: string | null | undefined,
  isTaken: (name: string) => Promise<boolean>,
): Promise<string> {
  const base = usernameBase(claim);
  if (!(await isTaken(base))) return base;
  for (let n = 2; ; n++) {
    const name = numberedUsername(base, n);
    if (!(await isTaken(name))) return name;
  }
}

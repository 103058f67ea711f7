import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretScanner, SECRET_KINDS, type SecretKind, scanForSecrets } from './secret-scan.js';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Random characters from `alphabet` (fakes are made here, so no credential sits in our sources). */
function rand(n: number, alphabet = ALNUM): string {
  const bytes = randomBytes(n);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}
const b64url = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

/** One generated fake of each kind, as it would sit in a file. */
function fakes(): Record<SecretKind, string> {
  const upper = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return {
    'private-key': ['-----BEGIN', 'OPENSSH PRIVATE KEY-----'].join(' '),
    'aws-access-key': `aws_access_key_id = ${'AKIA'}${rand(16, upper)}`,
    'github-token': `export GH_TOKEN=${'ghp_'}${rand(36)}`,
    'gitlab-token': `token: ${'glpat-'}${rand(20)}`,
    'slack-token': `SLACK=${'xoxb-'}${rand(12, '0123456789')}-${rand(24)}`,
    'stripe-key': `stripe.api_key = "${'sk_live_'}${rand(24)}"`,
    'npm-token': `//registry.npmjs.org/:_authToken=${'npm_'}${rand(36)}`,
    'google-api-key': `key=${'AIza'}${rand(35)}`,
    'pasteshare-api-key': `X-API-Key: ${'pb_'}${rand(32)}`,
    jwt: `Authorization: Bearer ${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({ sub: rand(8) })}.${rand(43)}`,
    'connection-string-password': `DATABASE_URL=postgres://app:${rand(12)}@db.internal:5432/app`,
    'password-assignment': `db_password = "${rand(10)}-${rand(8)}!${rand(4, '0123456789')}"`,
  };
}

describe('scanForSecrets', () => {
  it('finds a generated fake of every kind, on its line', () => {
    const all = fakes();
    for (const kind of SECRET_KINDS) {
      const text = `first line\n${'x = 1\n'.repeat(3)}${all[kind]}\nlast line`;
      expect(scanForSecrets(text), kind).toEqual([{ kind, line: 5 }]);
    }
    // Several in one paste, in reading order, CRLF lines too.
    const text = SECRET_KINDS.map((k) => all[k]).join('\r\n');
    expect(scanForSecrets(text).map((f) => f.kind)).toEqual([...SECRET_KINDS]);
  });

  it('finds the same in text that arrives in pieces cut anywhere', () => {
    const all = fakes();
    const text = `a\r\n${SECRET_KINDS.map((k) => `${all[k]}\n${'filler line\n'.repeat(3)}`).join('')}`;
    const whole = scanForSecrets(text);
    expect(whole).toHaveLength(SECRET_KINDS.length);
    for (const cut of [1, 2, 7, 64, 1000]) {
      const scanner = createSecretScanner();
      for (let at = 0; at < text.length; at += cut) scanner.push(text.slice(at, at + cut));
      expect(scanner.end(), `pieces of ${cut}`).toEqual(whole);
    }
  });

  it('finds nothing in ordinary code, placeholders and examples', () => {
    const ordinary = [
      'const password = process.env.DB_PASSWORD;',
      'password: "changeme"',
      'api_key = "<your api key>"',
      `SECRET_TOKEN=${'$'}{SECRET_TOKEN}`,
      "METRICS_TOKEN: 'cli-test-metrics-token-1234'",
      'postgres://postgres@127.0.0.1:5432/test',
      'postgres://user:pass@localhost/db',
      'token = "abc"',
      `sha256 = "${rand(64, '0123456789abcdef')}"`,
      'curl -H "X-API-Key: pb_YOUR_API_KEY" https://host/api/v1/pastes',
      '-----BEGIN PUBLIC KEY-----',
      'eyJhbGciOi is not a token',
    ].join('\n');
    expect(scanForSecrets(ordinary)).toEqual([]);
  });

  it('stays linear on crafted input of 1 MB (work counted in lines and tokens, not timed)', () => {
    // Each input would make a backtracking pattern quadratic; the scan bounds every line and
    // anchors every token pattern, so the work per byte is constant. Checked by what it returns
    // and by finishing at all within the test's timeout.
    const crafted = [
      'eyJ'.repeat(350_000),
      'a'.repeat(1_000_000),
      'password='.repeat(110_000),
      '://a:'.repeat(200_000),
      `${'AKIA'.repeat(250_000)}`,
      `${'-----BEGIN '.repeat(90_000)}`,
      `${'x'.repeat(999_990)}\n${'AKIA'}${'A'.repeat(16)}`,
    ];
    for (const text of crafted.slice(0, -1)) expect(scanForSecrets(text)).toEqual([]);
    // A secret after a 1 MB line is still found (the long line is looked at in its first 4 KiB).
    expect(scanForSecrets(crafted.at(-1)!)).toEqual([{ kind: 'aws-access-key', line: 2 }]);
  });
});

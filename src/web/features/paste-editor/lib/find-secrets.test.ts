import { describe, expect, it } from 'vitest';
import { findSecrets } from './find-secrets';

// Fake credentials built at run time, so this file itself holds none (the corpus test scans it).
const GITHUB_TOKEN = `ghp_${'a1B2c3D4e5F6'.repeat(3)}`;
const AWS_KEY = `AKIA${'Q7RT2WXZ'.repeat(2)}`;

describe('findSecrets (the warning before a public paste is sent)', () => {
  it('names each finding in words with its 1-based line, in reading order', async () => {
    const text = ['# notes', `token: ${GITHUB_TOKEN}`, '', `aws ${AWS_KEY}`].join('\n');
    expect(await findSecrets(text)).toEqual({
      notices: [
        { label: 'GitHub token', line: 2 },
        { label: 'AWS access key', line: 4 },
      ],
      checkedLines: null,
    });
  });

  it('finds nothing in ordinary code', async () => {
    const code =
      'const token = process.env.GITHUB_TOKEN;\nexport const add = (a: number, b: number) => a + b;\n';
    expect(await findSecrets(code)).toEqual({ notices: [], checkedLines: null });
  });

  it('says after which whole line it stopped when the text is longer than it reads', async () => {
    // 10 MB (10,485,760 characters) is read: 1,747,626 whole lines of 6, and 4 characters of the next.
    const text = 'x = 1\n'.repeat(1_750_000);
    expect(await findSecrets(`${text}aws ${AWS_KEY}\n`)).toEqual({ notices: [], checkedLines: 1_747_626 });
  });
});

import { describe, expect, it } from 'vitest';
import { HIGHLIGHT_MAX_CHARS, LANGUAGES, languageLabel } from './languages';

describe('LANGUAGES', () => {
  it('has unique ids and labels', () => {
    expect(new Set(LANGUAGES.map((l) => l.id)).size).toBe(LANGUAGES.length);
    expect(new Set(LANGUAGES.map((l) => l.label)).size).toBe(LANGUAGES.length);
  });

  it("does not offer the picker's own choices as languages", () => {
    const ids: string[] = LANGUAGES.map((l) => l.id);
    expect(ids).not.toContain('auto');
    expect(ids).not.toContain('plaintext');
  });
});

describe('languageLabel', () => {
  it('names a known language', () => {
    expect(languageLabel('python')).toBe('Python');
    expect(languageLabel('cpp')).toBe('C++');
    expect(languageLabel('csharp')).toBe('C#');
    expect(languageLabel('xml')).toBe('HTML / XML');
    expect(languageLabel('bash')).toBe('Bash / Shell');
  });

  it('says plain text for no language, plaintext, auto or an unknown id', () => {
    expect(languageLabel(null)).toBe('Plain text');
    expect(languageLabel('plaintext')).toBe('Plain text');
    expect(languageLabel('auto')).toBe('Plain text');
    expect(languageLabel('brainfuck')).toBe('Plain text');
    expect(languageLabel('Python')).toBe('Plain text');
  });
});

describe('HIGHLIGHT_MAX_CHARS', () => {
  it('is 200,000 characters', () => {
    expect(HIGHLIGHT_MAX_CHARS).toBe(200_000);
  });
});

import { describe, expect, it } from 'vitest';
import {
  type EditorFile,
  fileNameProblem,
  fileNameProblems,
  filesToSend,
  isPlainPaste,
  languageOfName,
} from './editor-files';
import { FILE_MESSAGES } from './file-rules';

const file = (
  key: number,
  name: string,
  content = 'x',
  language: EditorFile['language'] = null,
): EditorFile => ({
  key,
  name,
  content,
  language,
});

describe('languageOfName', () => {
  it('reads the extension, its own and the common others', () => {
    expect(languageOfName('app.py')).toBe('python');
    expect(languageOfName('View.TSX')).toBe('typescript');
    expect(languageOfName('config.yml')).toBe('yaml');
    expect(languageOfName('Dockerfile')).toBe('dockerfile');
    expect(languageOfName('notes.txt')).toBe('plaintext');
    expect(languageOfName('LICENSE')).toBeNull();
    expect(languageOfName('archive.xyz')).toBeNull();
  });
});

describe('fileNameProblem', () => {
  it('refuses what the server refuses', () => {
    expect(fileNameProblem('  ', [])).toBe(FILE_MESSAGES.nameRequired);
    expect(fileNameProblem('a'.repeat(101), [])).toBe(FILE_MESSAGES.nameTooLong);
    expect(fileNameProblem('src/app.py', [])).toBe(FILE_MESSAGES.nameInvalid);
    expect(fileNameProblem('a\\b', [])).toBe(FILE_MESSAGES.nameInvalid);
    expect(fileNameProblem('tab\there', [])).toBe(FILE_MESSAGES.nameInvalid);
    expect(fileNameProblem('..', [])).toBe(FILE_MESSAGES.nameInvalid);
    expect(fileNameProblem('App.PY', ['app.py'])).toBe(FILE_MESSAGES.duplicateName);
    expect(fileNameProblem(' ünïcode name.md ', ['other.md'])).toBeNull();
  });

  it('marks the later of two files that share a name', () => {
    expect(fileNameProblems([file(1, 'a.md'), file(2, 'b.md'), file(3, 'A.md')])).toEqual({
      3: FILE_MESSAGES.duplicateName,
    });
  });
});

describe('what is sent', () => {
  it('one unnamed file is an ordinary paste', () => {
    expect(isPlainPaste([file(1, '')])).toBe(true);
    expect(isPlainPaste([file(1, 'a.md')])).toBe(false);
    expect(isPlainPaste([file(1, ''), file(2, '')])).toBe(false);
  });

  it('sends trimmed names and the chosen language, else the name says it, else none', () => {
    expect(
      filesToSend([file(1, ' a.py ', 'print(1)'), file(2, 'b.py', 'x', 'plaintext'), file(3, 'LICENSE')]),
    ).toEqual([
      { name: 'a.py', content: 'print(1)', language: 'python' },
      { name: 'b.py', content: 'x', language: 'plaintext' },
      { name: 'LICENSE', content: 'x' },
    ]);
  });
});

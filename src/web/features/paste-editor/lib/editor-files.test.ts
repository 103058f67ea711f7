import { describe, expect, it } from 'vitest';
import { PASTE_FILE_MESSAGES } from '../../../../common/messages';
import { isValidFileName } from '../../../../common/schemas/paste-files';
import {
  type EditorFile,
  fileNameProblem,
  fileNameProblems,
  filesToSend,
  isPlainPaste,
} from './editor-files';

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

describe('fileNameProblem', () => {
  it('refuses what the server refuses', () => {
    expect(fileNameProblem('  ', [])).toBe(PASTE_FILE_MESSAGES.badName);
    expect(fileNameProblem('a'.repeat(101), [])).toBe(PASTE_FILE_MESSAGES.badName);
    expect(fileNameProblem('src/app.py', [])).toBe(PASTE_FILE_MESSAGES.badName);
    expect(fileNameProblem('a\\b', [])).toBe(PASTE_FILE_MESSAGES.badName);
    expect(fileNameProblem('tab\there', [])).toBe(PASTE_FILE_MESSAGES.badName);
    expect(fileNameProblem('..', [])).toBe(PASTE_FILE_MESSAGES.badName);
    expect(fileNameProblem('App.PY', ['app.py'])).toBe(PASTE_FILE_MESSAGES.duplicateName);
    expect(fileNameProblem(' ünïcode name.md ', ['other.md'])).toBeNull();
  });

  it("agrees with the server's check on every kind of name", () => {
    for (const name of [
      'a.md',
      ' a ',
      '',
      ' ',
      '.',
      '..',
      '...',
      'a/b',
      'a\\b',
      'a\u0085b',
      'x'.repeat(100),
      'x'.repeat(101),
    ]) {
      expect(fileNameProblem(name, []) === null).toBe(isValidFileName(name));
    }
  });

  it('marks the later of two files that share a name', () => {
    expect(fileNameProblems([file(1, 'a.md'), file(2, 'b.md'), file(3, 'A.md')])).toEqual({
      3: PASTE_FILE_MESSAGES.duplicateName,
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

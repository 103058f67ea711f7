import { describe, expect, it } from 'vitest';
import { splitFragment } from './key-fragment';
import { formatLineHash, parseLineHash } from './line-range';
import { fileDownloadUrl, fileRawUrl, fileSlugs, filesOf } from './paste-files';

describe('fileSlugs', () => {
  it('makes each name an anchor, unique within the paste', () => {
    expect(fileSlugs(['README.md', 'src_main.py', 'readme-md', '日本.txt', '???'])).toEqual([
      'readme-md',
      'src-main-py',
      'readme-md-3',
      'txt',
      '5',
    ]);
  });
});

describe("a file's line links", () => {
  it('parse and format with the file prefix, apart from the plain #L and other files', () => {
    expect(parseLineHash('#file-app-py-L4', 'file-app-py-')).toEqual({ start: 4, end: 4 });
    expect(parseLineHash('#file-app-py-L9-L4', 'file-app-py-')).toEqual({ start: 4, end: 9 });
    expect(parseLineHash('#file-app-py-L4', 'file-b-py-')).toBeNull();
    expect(parseLineHash('#file-app-py-L4')).toBeNull();
    expect(parseLineHash('#L4', 'file-app-py-')).toBeNull();
    expect(formatLineHash({ start: 2, end: 5 }, 'file-a-md-')).toBe('#file-a-md-L2-L5');
  });

  it('are no key in the fragment', () => {
    expect(splitFragment('#file-app-py-L4')).toEqual({ key: null, keyPart: '', lineHash: '#file-app-py-L4' });
    expect(splitFragment('#file-app-py')).toEqual({ key: null, keyPart: '', lineHash: '#file-app-py' });
  });
});

describe('per-file links', () => {
  it('encode the name and carry the access grant', () => {
    const paste = { id: 'abc', accessToken: 't 1' };
    expect(fileRawUrl(paste, 'my notes/ü.md')).toBe(
      '/api/pastes/abc/files/my%20notes%2F%C3%BC.md/raw?access=t%201',
    );
    expect(fileDownloadUrl({ id: 'abc' }, 'a.py')).toBe('/api/pastes/abc/files/a.py/download');
  });
});

describe('filesOf', () => {
  it('is null for an ordinary paste', () => {
    expect(filesOf({ content: 'x' })).toBeNull();
    expect(filesOf({ files: [] })).toBeNull();
    expect(filesOf({ files: [{ name: 'a', language: null, size: 1, content: 'a' }] })).toHaveLength(1);
  });
});

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HttpClient } from '../../../../test/helpers/http-client.js';
import { createPaste as createPlain } from '../../../../test/helpers/pastes.js';
import { signedIn, withTestApp } from '../../../../test/helpers/test-app.js';
import { PASTE_FILE_MESSAGES } from '../../../common/messages.js';

/** Multi-file pastes: `files` on create, their view, per-file raw and download, and the ZIP. */
const t = withTestApp({ env: { PASTE_CREATE_PER_IP_PER_MIN: '1000' } });

const FILES = [
  { name: 'main.py', content: 'print("héllo")\n' },
  { name: 'Notes — ünïcode.md', content: '# Tête\n\n日本語のテキスト\n' },
  { name: 'empty.txt', content: '' },
];

const pasteCount = async () => (await t.db.kysely.selectFrom('pastes').select('id').execute()).length;

/** The bytes of a GET as they came (the test client reads text). */
async function bytesOf(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(t.baseUrl + url, { headers });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('creating a multi-file paste', () => {
  it('stores the files and shows them in the view, content being the first file', async () => {
    const { id } = await createPaste(t.client(), { title: 'Three files', files: FILES });
    const res = await t.client().get(`/api/pastes/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.content).toBe(FILES[0]!.content);
    expect(res.body.language).toBe('python');
    expect(res.body.files).toEqual([
      { name: 'main.py', language: 'python', size: 16, content: FILES[0]!.content },
      {
        name: 'Notes — ünïcode.md',
        language: 'markdown',
        size: Buffer.byteLength(FILES[1]!.content),
        content: FILES[1]!.content,
      },
      { name: 'empty.txt', language: 'plaintext', size: 0, content: '' },
    ]);
    expect(res.body.sizeBytes).toBe(FILES.reduce((n, f) => n + Buffer.byteLength(f.content), 0));
  });

  it('keeps a language given for a file and trims names', async () => {
    const { id } = await createPaste(t.client(), {
      files: [
        { name: '  build  ', content: 'make all', language: 'bash' },
        { name: 'x.unknown', content: 'y' },
      ],
    });
    const { body } = await t.client().get(`/api/pastes/${id}`);
    expect(body.files.map((f: { name: string; language: string | null }) => [f.name, f.language])).toEqual([
      ['build', 'bash'],
      ['x.unknown', null],
    ]);
  });

  it('shows an ordinary paste without files', async () => {
    const { id } = await createPlain(t.client(), { content: 'plain' });
    const { body } = await t.client().get(`/api/pastes/${id}`);
    expect(body.content).toBe('plain');
    expect(body).not.toHaveProperty('files');
  });

  it.each([
    [
      '21 files',
      { files: Array.from({ length: 21 }, (_, i) => file(`f${i}.txt`)) },
      PASTE_FILE_MESSAGES.tooMany,
    ],
    [
      'two names differing in case',
      { files: [file('A.txt'), file('a.TXT')] },
      PASTE_FILE_MESSAGES.duplicateName,
    ],
    ['a name with a slash', { files: [file('dir/a.txt')] }, PASTE_FILE_MESSAGES.badName],
    ['a name with a backslash', { files: [file('a\\b')] }, PASTE_FILE_MESSAGES.badName],
    ['the name ".."', { files: [file('..')] }, PASTE_FILE_MESSAGES.badName],
    ['a blank name', { files: [file('   ')] }, PASTE_FILE_MESSAGES.badName],
    ['a name with a control character', { files: [file('a\u0007b')] }, PASTE_FILE_MESSAGES.badName],
    ['a name of 101 characters', { files: [file('n'.repeat(101))] }, PASTE_FILE_MESSAGES.badName],
    ['no files at all', { files: [] }, PASTE_FILE_MESSAGES.none],
    ['files and content', { content: 'x', files: [file('a.txt')] }, PASTE_FILE_MESSAGES.contentOrFiles],
    ['neither files nor content', {}, PASTE_FILE_MESSAGES.contentRequired],
  ])('refuses %s, storing nothing', async (_what, body, message) => {
    const before = await pasteCount();
    const res = await t.client().post('/api/pastes', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect(await pasteCount()).toBe(before);
  });

  it('refuses files whose text is all blank, and encrypted files', async () => {
    const blank = await t.client().post('/api/pastes', { files: [file('a', ' '), file('b', '\n')] });
    expect(blank.status).toBe(400);
    const sealed = await t.client().post('/api/pastes', { files: [file('a')], encrypted: true });
    expect(sealed.status).toBe(400);
    expect(sealed.body.message).toBe(PASTE_FILE_MESSAGES.encrypted);
  });

  it('takes 20 files, and a single named file', async () => {
    const twenty = await t.client().post('/api/pastes', {
      files: Array.from({ length: 20 }, (_, i) => file(`f${i}.txt`, `${i}`)),
    });
    expect(twenty.status).toBe(201);
    const one = await createPaste(t.client(), { files: [file('only.json', '{}')] });
    const { body } = await t.client().get(`/api/pastes/${one.id}`);
    expect(body.files).toEqual([{ name: 'only.json', language: 'json', size: 2, content: '{}' }]);
    // One file is downloaded as itself, under its name.
    const res = await bytesOf(`/api/pastes/${one.id}/download`);
    expect(res.headers.get('content-disposition')).toContain('filename="only.json"');
    expect(res.bytes.toString()).toBe('{}');
  });
});

describe('reading the files of a paste', () => {
  it('answers each file raw and as a download, byte for byte, by its URL-encoded name', async () => {
    const { id } = await createPaste(t.client(), { files: FILES });
    for (const f of FILES) {
      const name = encodeURIComponent(f.name);
      const raw = await bytesOf(`/api/pastes/${id}/files/${name}/raw`);
      expect(raw.status).toBe(200);
      expect(raw.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(raw.bytes.equals(Buffer.from(f.content, 'utf8'))).toBe(true);
      const download = await bytesOf(`/api/pastes/${id}/files/${name}/download`);
      expect(download.bytes.equals(Buffer.from(f.content, 'utf8'))).toBe(true);
      expect(download.headers.get('content-disposition')).toBe(
        `attachment; filename="${f.name.normalize('NFKD').replace(/[^\x20-\x7e]/g, '')}"; filename*=UTF-8''${name}`,
      );
    }
    // A range is of the file, not of the whole content.
    const part = await bytesOf(`/api/pastes/${id}/files/${encodeURIComponent(FILES[1]!.name)}/raw`, {
      range: 'bytes=2-6',
    });
    expect(part.status).toBe(206);
    expect(part.bytes.equals(Buffer.from(FILES[1]!.content).subarray(2, 7))).toBe(true);
    // /raw answers the first file.
    const first = await bytesOf(`/api/pastes/${id}/raw`);
    expect(first.bytes.toString('utf8')).toBe(FILES[0]!.content);
    const missing = await t.client().get(`/api/pastes/${id}/files/nope.txt/raw`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(PASTE_FILE_MESSAGES.notFound);
  });

  it('reads the files of content kept in the blob store as ranges of it', async () => {
    // Over the inline limit (256 KiB): the content is a blob.
    const big = [file('a.txt', 'é'.repeat(200_000)), file('b — ü.txt', 'ü😀'.repeat(50_000))];
    const { id } = await createPaste(t.client(), { files: big });
    const row = await t.db.kysely
      .selectFrom('pastes')
      .select('blob_key')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(row?.blob_key).not.toBeNull();
    for (const f of big) {
      const raw = await bytesOf(`/api/pastes/${id}/files/${encodeURIComponent(f.name)}/raw`);
      expect(raw.bytes.equals(Buffer.from(f.content))).toBe(true);
    }
    const zip = await bytesOf(`/api/pastes/${id}/download`);
    const zipFile = path.join(t.dataDir, 'big.zip');
    fs.writeFileSync(zipFile, zip.bytes);
    for (const f of big) {
      const unzipped = execFileSync('unzip', ['-p', zipFile, f.name]);
      expect(unzipped.equals(Buffer.from(f.content))).toBe(true);
    }
  });

  it('answers 404 for a file of an ordinary paste', async () => {
    const { id } = await createPlain(t.client(), { content: 'plain' });
    const res = await t.client().get(`/api/pastes/${id}/files/plain/raw`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(PASTE_FILE_MESSAGES.notFound);
  });

  it('downloads every file as one ZIP', async () => {
    const { id } = await createPaste(t.client(), { files: FILES });
    const res = await bytesOf(`/api/pastes/${id}/download`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain(`filename="${id}.zip"`);
    const dir = fs.mkdtempSync(path.join(t.dataDir, 'unzip-'));
    const zipFile = path.join(dir, 'files.zip');
    fs.writeFileSync(zipFile, res.bytes);
    execFileSync('unzip', ['-q', zipFile, '-d', path.join(dir, 'out')]);
    const out = fs.readdirSync(path.join(dir, 'out')).sort();
    expect(out).toEqual(FILES.map((f) => f.name).sort());
    for (const f of FILES) {
      expect(fs.readFileSync(path.join(dir, 'out', f.name)).equals(Buffer.from(f.content))).toBe(true);
    }
  });

  it('refuses the files of a password paste without its password', async () => {
    const { id } = await createPaste(t.client(), {
      files: FILES,
      privacy: 'password',
      password: 'secret-pass',
    });
    const name = encodeURIComponent(FILES[1]!.name);
    for (const url of [`/api/pastes/${id}/files/${name}/raw`, `/api/pastes/${id}/download`]) {
      expect((await bytesOf(url)).status).toBe(401);
      const open = await bytesOf(url, { 'x-paste-password': 'secret-pass' });
      expect(open.status).toBe(200);
    }
    const locked = await t.client().get(`/api/pastes/${id}`);
    expect(locked.body).not.toHaveProperty('files');
    expect(locked.body).not.toHaveProperty('content');
  });
});

describe('other ways in and out', () => {
  it('creates through the v1 API with a key', async () => {
    const { client } = await signedIn(t);
    const key = (await client.post('/api/user/regenerate-api-key')).body.apiKey as string;
    const res = await fetch(`${t.baseUrl}/api/v1/pastes`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ files: FILES }),
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const view = (await t.client().get(`/api/pastes/${id}`)).body;
    expect(view.files.map((f: { name: string }) => f.name)).toEqual(FILES.map((f) => f.name));
  });

  it('embeds one file by name, the first by default, and no unknown one', async () => {
    const { id } = await createPaste(t.client(), {
      files: [file('one.txt', 'firstword41'), file('two.txt', 'secondword42')],
    });
    const first = await t.client().get(`/embed/${id}`);
    expect(first.text).toContain('firstword41');
    expect(first.text).not.toContain('secondword42');
    const second = await t.client().get(`/embed/${id}?file=two.txt`);
    expect(second.text).toContain('secondword42');
    expect(second.text).not.toContain('firstword41');
    const unknown = await t.client().get(`/embed/${id}?file=three.txt`);
    expect(unknown.text).not.toContain('firstword41');
  });
});

describe('editing and forking a multi-file paste', () => {
  it('saves the new files as revision 2 and keeps revision 1 files', async () => {
    const { client } = await signedIn(t);
    const { id } = await createPaste(client, { files: FILES.slice(0, 2) });
    const edited = [FILES[1]!, { name: 'new.ts', content: 'const a = 1;\n' }];
    const res = await client.put(`/api/pastes/${id}`, { files: edited });
    expect(res.status).toBe(200);
    expect(res.body.revision).toBe(2);
    const view = (await client.get(`/api/pastes/${id}`)).body;
    expect(view.files.map((f: { name: string }) => f.name)).toEqual([FILES[1]!.name, 'new.ts']);
    expect(view.content).toBe(FILES[1]!.content);
    const r1 = (await client.get(`/api/pastes/${id}/revisions/1`)).body;
    expect(r1.files.map((f: { content: string }) => f.content)).toEqual([
      FILES[0]!.content,
      FILES[1]!.content,
    ]);
    expect(r1.content).toBe(FILES[0]!.content);
    const r2 = (await client.get(`/api/pastes/${id}/revisions/2`)).body;
    expect(r2.files[1]).toEqual({
      name: 'new.ts',
      language: 'typescript',
      size: 13,
      content: 'const a = 1;\n',
    });
    // Back to one text: no files.
    await client.put(`/api/pastes/${id}`, { content: 'one text' });
    const plain = (await client.get(`/api/pastes/${id}`)).body;
    expect(plain.content).toBe('one text');
    expect(plain).not.toHaveProperty('files');
  });

  it('an edit changing only a name is a new revision', async () => {
    const { client } = await signedIn(t);
    const { id } = await createPaste(client, { files: [file('a.txt', 'same'), file('b.txt', '')] });
    const res = await client.put(`/api/pastes/${id}`, { files: [file('c.txt', 'same'), file('b.txt', '')] });
    expect(res.body.revision).toBe(2);
  });

  it('a fork copies the files', async () => {
    const source = await createPaste(t.client(), { files: FILES });
    const fork = await createPaste(t.client(), { files: FILES, forkedFrom: source.id });
    const { body } = await t.client().get(`/api/pastes/${fork.id}`);
    expect(body.forkedFrom.id).toBe(source.id);
    expect(body.files.map((f: { name: string }) => f.name)).toEqual(FILES.map((f) => f.name));
  });
});

/** createPaste without its default content (files and content are exclusive). */
async function createPaste(client: HttpClient, body: Record<string, unknown>): Promise<{ id: string }> {
  const res = await client.post('/api/pastes', body);
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
  return res.body;
}

function file(name: string, content = 'x') {
  return { name, content };
}

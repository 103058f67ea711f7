import { describe, expect, it } from 'vitest';
import { createPaste, createPasteAsForm, storedViewCount } from '../../../../../test/helpers/pastes.js';
import { withTestApp } from '../../../../../test/helpers/test-app.js';

const t = withTestApp();

describe('raw and download', () => {
  it('serves raw content as sandboxed plain text', async () => {
    const content = '<script>alert(1)</script>\nsecond line ✓';
    const { id } = await createPaste(t.client(), { content, title: 'My Script' });
    for (const path of [`/raw/${id}`, `/api/pastes/${id}/raw`]) {
      const res = await t.client().get(path);
      expect(res.status).toBe(200);
      expect(res.text).toBe(content);
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="My-Script.txt"/);
    }
  });

  it('downloads as an attachment with a safe filename and Content-Length', async () => {
    const { id } = await createPaste(t.client(), { content: 'abc', title: '../../etc/passwd"; evil' });
    const res = await t.client().get(`/api/pastes/${id}/download`);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="etcpasswd-evil.txt"/);
    expect(res.headers.get('content-length')).toBe('3');
    const untitled = await createPaste(t.client(), { content: 'x' });
    const res2 = await t.client().get(`/api/pastes/${untitled.id}/download`);
    expect(res2.headers.get('content-disposition')).toContain(`filename="paste-${untitled.id}.txt"`);
  });

  it('names downloads by the paste’s language; a title with its own extension keeps it', async () => {
    const name = async (body: Record<string, unknown>) => {
      const { id } = await createPaste(t.client(), { content: 'x = 1', ...body });
      return (await t.client().get(`/api/pastes/${id}/download`)).headers.get('content-disposition');
    };
    expect(await name({ title: 'tool', language: 'python' })).toMatch(/filename="tool\.py"/);
    expect(await name({ title: 'debounce.js', language: 'javascript' })).toMatch(/filename="debounce\.js"; /);
    expect(await name({ title: 'notes', language: 'plaintext' })).toMatch(/filename="notes\.txt"/);
    // The real name in filename*, an ASCII one beside it.
    expect(await name({ title: 'Grüße 東京', language: 'rust' })).toBe(
      `attachment; filename="Grue-.rs"; filename*=UTF-8''${encodeURIComponent('Grüße-東京.rs')}`,
    );
    const refused = await t.client().post('/api/pastes', { content: 'x', language: 'cobol' });
    expect(refused.status).toBe(400);
  });

  it('supports byte ranges, inline and from the blob store', async () => {
    for (const content of ['0123456789', `${'z'.repeat(300 * 1024)}0123456789`]) {
      const { id } = await createPaste(t.client(), { content });
      const size = content.length;
      const res = await t.client().get(`/api/pastes/${id}/download`, { headers: { range: 'bytes=-5' } });
      expect(res.status).toBe(206);
      expect(res.text).toBe('56789');
      expect(res.headers.get('content-range')).toBe(`bytes ${size - 5}-${size - 1}/${size}`);
      const mid = await t
        .client()
        .get(`/raw/${id}`, { headers: { range: `bytes=${size - 10}-${size - 8}` } });
      expect(mid.text).toBe('012');
      const bad = await t.client().get(`/raw/${id}`, { headers: { range: `bytes=${size + 5}-` } });
      expect(bad.status).toBe(416);
    }
  });

  it('applies the password rules: grant from verify or the X-Paste-Password header', async () => {
    const { id } = await createPaste(t.client(), { privacy: 'password', password: 'pw', content: 'hidden' });
    const none = await t.client().get(`/raw/${id}`);
    expect(none.status).toBe(401);
    expect(none.text).not.toContain('hidden');
    expect((await t.client().get(`/raw/${id}`, { headers: { 'x-paste-password': 'bad' } })).status).toBe(403);
    expect((await t.client().get(`/raw/${id}`, { headers: { 'x-paste-password': 'pw' } })).text).toBe(
      'hidden',
    );
    const { accessToken } = (await t.client().post(`/api/pastes/${id}/verify`, { password: 'pw' })).body;
    expect((await t.client().get(`/raw/${id}?access=${encodeURIComponent(accessToken)}`)).text).toBe(
      'hidden',
    );
    const other = await createPaste(t.client(), { privacy: 'password', password: 'pw2' });
    expect((await t.client().get(`/raw/${other.id}?access=${encodeURIComponent(accessToken)}`)).status).toBe(
      401,
    );
    t.clock.advance(60 * 60 * 1000 + 1);
    expect((await t.client().get(`/raw/${id}?access=${encodeURIComponent(accessToken)}`)).status).toBe(401);
  });

  it('opens the JSON read with the grant too, renewing it; a wrong or old grant only locks', async () => {
    const { id } = await createPaste(t.client(), { privacy: 'password', password: 'pw', content: 'hidden' });
    const { accessToken } = (await t.client().post(`/api/pastes/${id}/verify`, { password: 'pw' })).body;
    const read = (grant: string) => t.client().get(`/api/pastes/${id}?access=${encodeURIComponent(grant)}`);
    const open = await read(accessToken);
    expect(open.body).toMatchObject({ content: 'hidden', accessToken: expect.any(String) });
    t.clock.advance(59 * 60 * 1000);
    const renewed = (await read(accessToken)).body.accessToken as string;
    t.clock.advance(2 * 60 * 1000);
    // The first grant ran out; the one the read gave back still opens.
    expect((await read(accessToken)).body).toMatchObject({ requiresPassword: true });
    expect((await read(renewed)).body.content).toBe('hidden');
    const bad = await read('not-a-grant');
    expect(bad.status).toBe(200);
    expect(bad.body).toMatchObject({ requiresPassword: true });
    expect(bad.body).not.toHaveProperty('content');
  });

  it('serves extreme pastes (over 10 MB) as a download link instead of content', async () => {
    const content = 'x'.repeat(10 * 1024 * 1024 + 1);
    const { id } = await createPasteAsForm(t.client(), content);
    const view = await t.client().get(`/api/pastes/${id}`);
    expect(view.body).toMatchObject({
      isExtreme: true,
      contentSizeMB: 10,
      downloadUrl: `/api/pastes/${id}/download`,
    });
    expect(view.body).not.toHaveProperty('content');
    const dl = await t.client().get(view.body.downloadUrl);
    expect(dl.headers.get('content-length')).toBe(String(content.length));
    expect(dl.text.length).toBe(content.length);
  });

  it('counts a view of the extreme screen like any other, once per reader', async () => {
    const { id } = await createPasteAsForm(t.client(), 'y'.repeat(10 * 1024 * 1024 + 1));
    const visitor = t.client();
    const first = await visitor.get(`/api/pastes/${id}`);
    expect(first.body).toMatchObject({ isExtreme: true, viewCount: 1 });
    // The same reader again, and their download: still one view.
    expect((await visitor.get(`/api/pastes/${id}`)).body.viewCount).toBe(1);
    await visitor.get(first.body.downloadUrl);
    expect(await storedViewCount(t, id)).toBe(1);
  });
});

import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import type { HttpClient } from '../../../../test/helpers/http-client.js';
import { createPaste } from '../../../../test/helpers/pastes.js';
import { ADMIN, loginClient, signedIn, withTestApp } from '../../../../test/helpers/test-app.js';
import { BACKUP_MESSAGES } from '../../../common/schemas/backup.js';

/**
 * Backups carry every revision of an edited paste (each distinct text once, as stored), its
 * edit time and the paste it was forked from, and restore them byte for byte.
 */
const t = withTestApp({ env: { PASTE_CREATE_PER_IP_PER_MIN: '1000' } });
const asAdmin = () => loginClient(t, ADMIN.username, ADMIN.password);

// Over the inline limit (256 KiB): kept as a blob, and its revisions' too.
const BIG_MARK = 'big-text-Wk3';
const big = (n: number) => `${BIG_MARK} ${n}\n${`${'ünïcode 😀 '.repeat(15)}\n`.repeat(1_200)}`;
const SMALL = 'fork text, héllo 😀\n';

async function textOf(where: { content: string | null; blob_key: string | null }): Promise<string> {
  if (where.content !== null) return where.content;
  return (await buffer(await t.app.services.blobs.get(where.blob_key!))).toString('utf8');
}

/** Every paste with its history as stored: rows, texts, and which texts share the paste's storage. */
async function histories() {
  const k = t.db.kysely;
  const pastes = await k.selectFrom('pastes').selectAll().orderBy('id').execute();
  const revisions = await k
    .selectFrom('paste_revisions')
    .selectAll()
    .orderBy('paste_id')
    .orderBy('number')
    .execute();
  const contents = await k
    .selectFrom('paste_revision_contents')
    .selectAll()
    .orderBy('paste_id')
    .orderBy('sha256')
    .execute();
  return {
    pastes: await Promise.all(
      pastes.map(async ({ blob_key, content, ...rest }) => ({
        ...rest,
        text: await textOf({ content, blob_key }),
      })),
    ),
    revisions: revisions.map((r) => ({
      ...r,
      size_bytes: Number(r.size_bytes),
      created_at: Number(r.created_at),
    })),
    contents: await Promise.all(
      contents.map(async (c) => {
        const paste = pastes.find((p) => p.id === c.paste_id)!;
        return {
          paste_id: c.paste_id,
          sha256: c.sha256,
          size_bytes: Number(c.size_bytes),
          text: await textOf(c),
          inline: c.content !== null,
          // The newest text is stored once for the paste and its revision.
          sharesPasteStorage:
            c.blob_key !== null ? c.blob_key === paste.blob_key : c.content === paste.content,
        };
      }),
    ),
  };
}

const exportText = async (admin: HttpClient) => {
  const res = await admin.get('/api/admin/database/export');
  expect(res.status).toBe(200);
  return res.text;
};
const importText = (admin: HttpClient, text: string) =>
  admin.post('/api/admin/database/import', undefined, {
    raw: text,
    headers: { 'content-type': 'application/json' },
  });

async function edit(client: HttpClient, id: string, body: Record<string, unknown>) {
  t.clock.advance(60_000);
  const res = await client.put(`/api/pastes/${id}`, body);
  expect(res.status, res.text).toBe(200);
  return res.body.revision as number;
}

/** A public source, forked by another account and edited five times (texts repeat, some large). */
async function editedFork() {
  const { client: sourceAuthor } = await signedIn(t);
  const source = await createPaste(sourceAuthor, { title: 'Source', content: 'source text\n' });
  const { client: author } = await signedIn(t);
  const fork = await createPaste(author, { title: 'Fork of Source', content: SMALL, forkedFrom: source.id });
  const texts = [SMALL, big(1), SMALL, big(2), big(1), 'last, ✓ done\n'];
  await edit(author, fork.id, { content: texts[1] });
  await edit(author, fork.id, { content: texts[2], title: 'Back to small' });
  await edit(author, fork.id, { content: texts[3], language: 'python' });
  await edit(author, fork.id, { content: texts[4] });
  expect(await edit(author, fork.id, { content: texts[5], title: 'Final' })).toBe(6);
  return { source, fork, author, texts };
}

describe('a backup with revisions', () => {
  it('round-trips an edited fork with all its revisions, byte for byte, each text once', async () => {
    const { source, fork, author, texts } = await editedFork();
    // A password paste's history travels too.
    const { id: locked } = await createPaste(author, {
      content: 'one\n',
      privacy: 'password',
      password: 'pw-12345',
    });
    await edit(author, locked, { content: 'two\n' });
    const before = await histories();
    expect(before.revisions.filter((r) => r.paste_id === fork.id)).toHaveLength(6);
    expect(before.contents.filter((c) => c.paste_id === fork.id)).toHaveLength(4);

    const admin = await asAdmin();
    const file = await exportText(admin);
    // Each distinct text once: big(1) and big(2) (the only texts with the mark), nothing twice.
    expect(file.split(BIG_MARK).length - 1).toBe(2);
    expect(file.split(JSON.stringify(texts[5])).length - 1).toBe(1);
    // Change the site, then restore it.
    await edit(author, fork.id, { content: 'after the backup\n' });
    const res = await importText(admin, file);
    expect(res.status, res.text).toBe(200);
    expect(res.body.counts).toMatchObject({ pastes: 3, paste_revisions: 8, paste_revision_contents: 6 });
    expect(await histories()).toEqual(before);

    // Every revision reads as it was written, byte for byte, and the fork still names its source.
    for (const [i, text] of texts.entries()) {
      const raw = await t.client().get(`/api/pastes/${fork.id}/revisions/${i + 1}/raw`);
      expect(raw.status).toBe(200);
      // Compared as bytes (Buffer.equals: a deep equality walks 270 KB one byte at a time).
      expect(Buffer.from(raw.text).equals(Buffer.from(text)), `revision ${i + 1}`).toBe(true);
    }
    const view = await t.client().get(`/api/pastes/${fork.id}`);
    expect(view.body).toMatchObject({
      revision: 6,
      title: 'Final',
      forkedFrom: { id: source.id, title: 'Source' },
      editedAt: new Date(before.pastes.find((p) => p.id === fork.id)!.edited_at!).toISOString(),
    });
    // The history goes on: the next edit is revision 7, and an earlier text is not stored again.
    const again = await loginClient(t, ...(await authorOf(fork.id)));
    expect(await edit(again, fork.id, { content: texts[3] })).toBe(7);
    expect((await histories()).contents.filter((c) => c.paste_id === fork.id)).toHaveLength(4);
  });

  it('is one snapshot: an edit while it streams does not reach it, a paste deleted meanwhile is left out whole', async () => {
    const { fork, author } = await editedFork();
    const other = await editedFork();
    const before = await histories();
    const stream = t.app.services.backup.exportStream();
    let text = '';
    const chunks = stream[Symbol.asyncIterator]();
    // Read until the pastes are on their way out; their revisions are read later.
    while (!text.includes('"pastes":[{')) text += (await chunks.next()).value;
    await edit(author, fork.id, { content: 'edited while the backup streams\n' });
    expect((await (await asAdmin()).delete(`/api/pastes/${other.fork.id}`)).status).toBe(200);
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) text += next.value;
    const res = await importText(await asAdmin(), text);
    expect(res.status, res.text).toBe(200);
    // Its large texts went with it before the backup read them: listed as gone, left out whole.
    expect(res.body.counts.gone_pastes).toBe(1);
    const deleted = other.fork.id;
    expect(await histories()).toEqual({
      pastes: before.pastes.filter((p) => p.id !== deleted),
      revisions: before.revisions.filter((r) => r.paste_id !== deleted),
      contents: before.contents.filter((c) => c.paste_id !== deleted),
    });
  });
});

/** The username and password of a paste's author (signed in again after the import). */
async function authorOf(id: string): Promise<[string, string]> {
  const row = await t.db.kysely
    .selectFrom('pastes')
    .innerJoin('users', 'users.id', 'pastes.user_id')
    .select('users.username')
    .where('pastes.id', '=', id)
    .executeTakeFirstOrThrow();
  return [row.username, 'password-123'];
}

describe('a backup whose histories do not hold together', () => {
  it('is refused with the row and the reason, and changes nothing', async () => {
    const { fork } = await editedFork();
    const admin = await asAdmin();
    const good = JSON.parse(await exportText(admin));
    const before = await histories();
    const revisions = good.tables.paste_revisions as Record<string, unknown>[];
    const contents = good.tables.paste_revision_contents as Record<string, unknown>[];
    const ofFork = (rows: Record<string, unknown>[]) => rows.filter((r) => r.paste_id === fork.id);
    const explicit = ofFork(contents).find((c) => c.content !== null)!;
    const newest = ofFork(contents).find((c) => c.content === null)!;
    const withTables = (tables: Record<string, unknown>) =>
      JSON.stringify({ ...good, tables: { ...good.tables, ...tables } });
    const cases: [string, string][] = [
      [
        withTables({ paste_revisions: [...revisions, { ...revisions[0], paste_id: 'nosuchpaste1' }] }),
        `paste_revisions row ${revisions.length + 1}: paste_id: ${BACKUP_MESSAGES.noSuchPaste}`,
      ],
      [
        withTables({ paste_revisions: [...revisions, { ...ofFork(revisions)[0], number: 7 }] }),
        `paste_revisions row ${revisions.length + 1}: number: ${BACKUP_MESSAGES.beyondRevisions}`,
      ],
      [
        withTables({ paste_revisions: revisions.filter((r) => !(r.paste_id === fork.id && r.number === 2)) }),
        BACKUP_MESSAGES.historyGap(fork.id, 'revisions'),
      ],
      [
        withTables({ paste_revision_contents: contents.filter((c) => c !== explicit) }),
        BACKUP_MESSAGES.historyGap(fork.id, 'text'),
      ],
      [
        withTables({
          paste_revision_contents: contents.map((c) =>
            c === explicit ? { ...c, content: `${c.content}!` } : c,
          ),
        }),
        `content: ${BACKUP_MESSAGES.digestMismatch}`,
      ],
      [
        withTables({
          paste_revision_contents: contents.map((c) => (c === explicit ? { ...c, content: null } : c)),
        }),
        `content: ${BACKUP_MESSAGES.onlyNewestIsNull}`,
      ],
      [
        withTables({
          paste_revision_contents: contents.map((c) =>
            c === newest ? { ...c, content: 'last, ✓ done\n' } : c,
          ),
        }),
        `content: ${BACKUP_MESSAGES.newestIsPasteText}`,
      ],
      [
        withTables({
          pastes: good.tables.pastes.map((p: Record<string, unknown>) =>
            p.id === fork.id ? { ...p, content: 'not the newest revision\n' } : p,
          ),
        }),
        `content: ${BACKUP_MESSAGES.digestMismatch}`,
      ],
      [
        withTables({ paste_revision_contents: [...contents, { ...explicit, sha256: 'a'.repeat(64) }] }),
        `sha256: ${BACKUP_MESSAGES.noSuchRevision}`,
      ],
    ];
    for (const [text, message] of cases) {
      const res = await importText(await asAdmin(), text);
      expect(res.status, message).toBe(400);
      expect(res.body.message).toContain(message);
      expect(await histories()).toEqual(before);
    }
  });
});

describe('a large text written by hand', () => {
  it('keeps a character escaped as a surrogate pair whole, wherever the pair is split', async () => {
    const admin = await asAdmin();
    await createPaste(admin, { content: 'x' });
    const doc = JSON.parse(await exportText(admin));
    // Over the inline limit, so it streams to a blob; JSON may spell 😀 as two escapes.
    const text = `${'a'.repeat(300_000)}😀 end`;
    doc.tables.pastes[0].content = text;
    const raw = JSON.stringify(doc).replace('😀', '\\ud83d\\ude00');
    expect(raw).toContain('\\ud83d\\ude00');
    const res = await importText(admin, raw);
    expect(res.status, res.text).toBe(200);
    const row = await t.db.kysely.selectFrom('pastes').selectAll().executeTakeFirstOrThrow();
    const stored = await buffer(await t.app.services.blobs.get(row.blob_key!));
    expect(stored.equals(Buffer.from(text))).toBe(true);
    expect(row.size_bytes).toBe(Buffer.byteLength(text));
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPaste, createPasteAsForm } from '../../../../test/helpers/pastes.js';
import {
  ADMIN,
  loginClient,
  setupBody,
  signedIn,
  startTestApp,
  withTestApp,
} from '../../../../test/helpers/test-app.js';
import { sendChunk, textOfSize } from '../../../../test/helpers/uploads.js';
import { BACKUP_MESSAGES } from '../../../common/schemas/backup.js';
import { COLUMN_TEXT_LIMITS } from './backup-reader.js';

/** An import never reopens setup, survives hostile files, leaves no bytes behind. */
const CHUNK = 64 * 1024;
const t = withTestApp({ env: { TEST_UPLOAD_CHUNK_BYTES: String(CHUNK) } });
const asAdmin = () => loginClient(t, ADMIN.username, ADMIN.password);

const importText = async (text: string) =>
  (await asAdmin()).post('/api/admin/database/import', undefined, {
    raw: text,
    headers: { 'content-type': 'application/json' },
  });

async function exported(): Promise<
  { tables: Record<string, Record<string, unknown>[]> } & Record<string, unknown>
> {
  const res = await (await asAdmin()).get('/api/admin/database/export');
  expect(res.status).toBe(200);
  return JSON.parse(res.text);
}

/** Every file under the data folder's blob store, partial uploads included. */
function blobFiles(): string[] {
  const root = path.join(t.dataDir, 'blobs');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

const tableCounts = async () => ({
  users: (await t.db.kysely.selectFrom('users').select('id').execute()).length,
  pastes: (await t.db.kysely.selectFrom('pastes').select('id').execute()).length,
});

describe('backup import: setup stays done', () => {
  it('never exports or imports whether setup is complete, so a file cannot reopen setup', async () => {
    await createPaste(t.client(), { content: 'kept' });
    const doc = await exported();
    expect(doc.tables.settings!.map((r) => r.key)).not.toContain('setupCompleted');
    // A file edited to say nothing of setup (or an older one that said it) imports; setup stays done.
    const withOldRow = {
      ...doc,
      tables: {
        ...doc.tables,
        settings: [...doc.tables.settings!, { key: 'setupCompleted', value: '1', updated_at: 1 }],
      },
    };
    for (const file of [doc, withOldRow]) {
      const res = await importText(JSON.stringify(file));
      expect(res.status, res.text).toBe(200);
    }
    // A restart (a new instance with fresh process state) reads the same answer from the database.
    const restarted = await startTestApp({ sharing: t });
    try {
      expect((await restarted.client().get('/api/setup/status')).body).toEqual({ setupCompleted: true });
      const setup = await restarted.client().post('/api/setup', setupBody({ adminUsername: 'intruder' }));
      expect(setup.status).toBe(409);
      const users = await restarted.db.kysely.selectFrom('users').select('username').execute();
      expect(users.map((u) => u.username)).not.toContain('intruder');
    } finally {
      await restarted.close();
    }
  });

  it('refuses a backup with no admin account and changes nothing', async () => {
    await signedIn(t);
    const doc = await exported();
    const before = await tableCounts();
    const noAdmin = {
      ...doc,
      tables: { ...doc.tables, users: doc.tables.users!.filter((u) => u.role !== 'admin') },
    };
    const res = await importText(JSON.stringify(noAdmin));
    expect([res.status, res.body.message]).toEqual([400, BACKUP_MESSAGES.noAdmin]);
    expect(await tableCounts()).toEqual(before);
    expect((await asAdmin().then((a) => a.get('/api/admin/stats'))).status).toBe(200);
  });
});

describe('backup import: hostile files', () => {
  it('knows each column’s longest text from the row schemas', () => {
    expect(COLUMN_TEXT_LIMITS.users.get('username')).toBe(30);
    expect(COLUMN_TEXT_LIMITS.settings.get('value')).toBe(200_000);
    expect(COLUMN_TEXT_LIMITS.pastes.get('privacy')).toBe('password'.length);
  });

  it('refuses nesting, over-long strings, keys and numbers at once, with a clear 400 and nothing changed', async () => {
    const doc = await exported();
    const user = doc.tables.users![0]!;
    const head = `{"format":"pasteshare-backup","version":1,"tables":{"settings":[],"users":[`;
    const bomb = `${head}{"id":${'['.repeat(200_000)}`;
    const cases: [string, string][] = [
      [bomb, `users row 1: id: ${BACKUP_MESSAGES.nestedValue}`],
      [`{"format":${'['.repeat(100_000)}`, BACKUP_MESSAGES.tooDeep],
      [
        `${head}${JSON.stringify({ ...user, username: 'u'.repeat(5_000_000) })}]}}`,
        'users row 1: username: longer than 30 characters',
      ],
      [`${head}{"${'k'.repeat(1_000_000)}":1}]}}`, BACKUP_MESSAGES.notABackup],
      [`${head}{"id":${'9'.repeat(1_000_000)}}]}}`, BACKUP_MESSAGES.notABackup],
      [`${head}{"id":1,"id":2}]}}`, `users row 1: id: ${BACKUP_MESSAGES.duplicateField}`],
      [`${head}{"nope":1}]}}`, `users row 1: nope: ${BACKUP_MESSAGES.unknownField}`],
    ];
    const before = await tableCounts();
    for (const [text, message] of cases) {
      const res = await importText(text);
      expect(res.status, message).toBe(400);
      expect(res.body.message).toContain(message);
      expect(res.body.message.length).toBeLessThan(300);
    }
    expect(await tableCounts()).toEqual(before);
  });

  it('answers other requests while a large file is imported', async () => {
    const admin = await asAdmin();
    const doc = await exported();
    const big = JSON.stringify({
      ...doc,
      tables: {
        ...doc.tables,
        pastes: Array.from({ length: 3 }, (_, i) => ({
          id: `big${i}`,
          title: null,
          content: 'line of a large paste\n'.repeat(200_000),
          privacy: 'public',
          password_hash: null,
          expiration: 'unlimited',
          expires_at: null,
          burn_after_reading: 0,
          burn_claimed_at: null,
          creator_token_hash: null,
          view_count: 0,
          user_id: null,
          created_at: 1,
          language: null,
        })),
      },
    });
    // The body is sent in slices; between two of them the server answers a health check.
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const half = Math.floor(big.length / 2);
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new TextEncoder().encode(big.slice(0, half)));
        await held;
        controller.enqueue(new TextEncoder().encode(big.slice(half)));
        controller.close();
      },
    });
    const importing = admin.post('/api/admin/database/import', undefined, {
      raw: body,
      headers: { 'content-type': 'application/json' },
    });
    const health = await t.client().get('/healthz');
    expect(health.status).toBe(200);
    release();
    const res = await importing;
    expect(res.status, res.text).toBe(200);
    expect(res.body.counts.pastes).toBe(3);
  });
});

describe('backup import: no bytes left behind', () => {
  it('refuses a paste with its content twice and keeps no blob of it', async () => {
    await createPasteAsForm(t.client(), `${'big line\n'.repeat(60_000)}end`);
    const doc = await exported();
    const files = blobFiles().sort();
    const paste = JSON.stringify(doc.tables.pastes![0]);
    const twice = `${paste.slice(0, -1)},"content":${JSON.stringify('x'.repeat(2_000_000))}}`;
    const text = JSON.stringify(doc).replace(paste, twice);
    const res = await importText(text);
    expect([res.status, res.body.message]).toEqual([
      400,
      `pastes row 1: content: ${BACKUP_MESSAGES.duplicateField}`,
    ]);
    expect(blobFiles().sort()).toEqual(files);
  });

  it('drops the bytes of unfinished uploads with the data it replaces', async () => {
    const { client } = await signedIn(t);
    const total = CHUNK * 3;
    const init = await client.post('/api/pastes/upload/init', { totalChunks: 3, totalSize: total });
    expect(init.status).toBe(200);
    expect((await sendChunk(client, init.body.uploadId, 0, textOfSize(CHUNK))).status).toBe(200);
    const doc = await exported();
    expect(blobFiles().some((f) => f.includes(`${path.sep}.parts${path.sep}`))).toBe(true);
    const res = await importText(JSON.stringify(doc));
    expect(res.status, res.text).toBe(200);
    expect(blobFiles().filter((f) => f.includes(`${path.sep}.parts${path.sep}`))).toEqual([]);
  });

  it('answers a row that clashes in the database in its own words, never the database’s', async () => {
    const doc = await exported();
    const twice = { ...doc, tables: { ...doc.tables, users: [...doc.tables.users!, doc.tables.users![0]!] } };
    const res = await importText(JSON.stringify(twice));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`users row 2: ${BACKUP_MESSAGES.rowConflict}`);
  });
});

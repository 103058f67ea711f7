import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { signedIn, withTestApp } from '../../../../test/helpers/test-app.js';
import {
  exportKeyText,
  generateKey,
  sealText,
  sealTitle,
  toBase64,
} from '../../../common/paste-crypto/index.js';
import { MODERATION_SECRET_FILE } from '../../lib/moderation-secret.js';
import { openSecretBox } from '../../lib/secret-box.js';

/**
 * A forgotten report key must be gone from the database's files, not only from its rows: SQLite
 * keeps a deleted value in the page's free space and in the write-ahead log until they are reused.
 * On SQLite only: these are the files the server owns (PostgreSQL's are the operator's, and
 * docs/operations.md says what it needs).
 */
const t = withTestApp();

/** Every run of base64url characters `length` long in the files, and whether any unseals. */
function unsealedFrom(files: string[], length: number, secret: string): string[] {
  const opened: string[] = [];
  for (const file of files) {
    if (!fs.existsSync(file)) continue;
    const text = fs.readFileSync(file).toString('latin1');
    for (const run of text.match(/[A-Za-z0-9_-]+/g) ?? []) {
      for (let at = 0; at + length <= run.length; at++) {
        const key = openSecretBox(run.slice(at, at + length), secret);
        if (key !== null) opened.push(key);
      }
    }
  }
  return opened;
}

/** The moderation secret, made by the first shared key (a file in the data folder here). */
const secretOf = () => fs.readFileSync(path.join(t.dataDir, MODERATION_SECRET_FILE), 'utf8').trim();

async function reportWithKey(reason = 'abuse') {
  const key = await generateKey();
  const created = await t.client().post('/api/pastes', {
    encrypted: true,
    content: toBase64(await sealText(key, 'reported text')),
    sealedTitle: await sealTitle(key, ''),
  });
  const keyText = await exportKeyText(key);
  const report = await t
    .client()
    .post(`/api/pastes/${created.body.id}/report`, { reason, sharedKey: keyText });
  expect(report.status).toBe(201);
  const row = await t.db.kysely
    .selectFrom('reports')
    .select('shared_key_sealed')
    .where('id', '=', report.body.id)
    .executeTakeFirstOrThrow();
  return {
    pasteId: created.body.id as string,
    reportId: report.body.id as number,
    keyText,
    sealed: row.shared_key_sealed!,
  };
}

describe('a forgotten report key', () => {
  it('unseals from no byte string left in the SQLite files (database and write-ahead log)', async () => {
    const files = ['pasteshare.sqlite', 'pasteshare.sqlite-wal', 'pasteshare.sqlite-shm'].map((f) =>
      path.join(t.dataDir, f),
    );
    const { client: manager } = await signedIn(t, 'manager');
    const rejected = await reportWithKey();
    // A long reason puts the key on an overflow page of its own, freed (not rewritten) when forgotten.
    const approved = await reportWithKey('€'.repeat(1990));
    const kept = await reportWithKey();
    const secret = secretOf();
    // Before: the files do hold them (the scan finds what is there).
    const before = unsealedFrom(files, rejected.sealed.length, secret);
    expect(before).toEqual(expect.arrayContaining([rejected.keyText, approved.keyText, kept.keyText]));

    expect((await manager.post(`/api/admin/paste-reports/${rejected.reportId}/reject`)).status).toBe(200);
    expect((await manager.post(`/api/admin/paste-reports/${approved.reportId}/approve`)).status).toBe(200);
    for (const gone of [rejected, approved]) {
      expect((await manager.get(`/api/admin/paste-reports/${gone.reportId}/key`)).status).toBe(404);
    }
    const after = unsealedFrom(files, rejected.sealed.length, secret);
    expect(after).not.toContain(rejected.keyText);
    expect(after).not.toContain(approved.keyText);
    // The report still pending keeps its key.
    expect(after).toContain(kept.keyText);
    expect((await manager.get(`/api/admin/paste-reports/${kept.reportId}/key`)).body).toEqual({
      key: kept.keyText,
    });
  });

  it('is gone from the files too when the paste expired and the background task forgot it', async () => {
    const files = ['pasteshare.sqlite', 'pasteshare.sqlite-wal'].map((f) => path.join(t.dataDir, f));
    const report = await reportWithKey();
    const secret = secretOf();
    t.clock.advance(2 * 86_400_000);
    await t.app.services.pastes.sweep();
    expect(await t.app.services.moderation.forgetKeysOfGonePastes()).toBe(1);
    expect(unsealedFrom(files, report.sealed.length, secret)).not.toContain(report.keyText);
  });

  it('is flushed from the log by the background task when a reader held an older snapshot', async () => {
    const files = ['pasteshare.sqlite', 'pasteshare.sqlite-wal'].map((f) => path.join(t.dataDir, f));
    const { client: manager } = await signedIn(t, 'manager');
    const report = await reportWithKey();
    const secret = secretOf();
    // Another connection (another process on the same file) in the middle of a read.
    const reader = new SQLite(files[0]!);
    reader.exec('begin');
    reader.prepare('select count(*) from reports').get();
    try {
      expect((await manager.post(`/api/admin/paste-reports/${report.reportId}/reject`)).status).toBe(200);
      // The log could not be emptied under that reader: the key is still in it.
      expect(unsealedFrom(files, report.sealed.length, secret)).toContain(report.keyText);
    } finally {
      reader.exec('commit');
      reader.close();
    }
    // No paste went: the task only completes the flush left pending.
    expect(await t.app.services.moderation.forgetKeysOfGonePastes()).toBe(0);
    expect(unsealedFrom(files, report.sealed.length, secret)).not.toContain(report.keyText);
  });
});

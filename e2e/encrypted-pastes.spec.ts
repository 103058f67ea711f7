import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import Database from 'better-sqlite3';
import pg from 'pg';
import { exportKeyText, generateKey, sealText, sealTitle, toBase64 } from '../src/common/paste-crypto/index';
import { axeViolations } from './support/axe';
import { completeSetup, expect, loginInContext, registerUser, snap, test, toasts } from './support/fixtures';
import { createPasteApi, newVisitor, setEditorText } from './support/pastes';
import { SERVER_FIXTURE_TIMEOUT_MS, startServer } from './support/server';

// End-to-end encrypted pastes of ordinary size, in the browser — create, read with the
// link's key, the screens without it, burn after reading, and moderation with a shared key.
test.use({ setupCompleted: true });

const MISSING_KEY = 'This link is missing its key';
const WRONG_KEY = 'This link’s key does not open this paste';
const UNDECRYPTABLE = 'This paste could not be decrypted';

/** A marker no other test writes, so finding it anywhere means this paste's plaintext leaked. */
const marker = (what: string) => `E2E-${what}-${Math.random().toString(36).slice(2, 10)}`;

/** Every file under `dir` (the SQLite file, its WAL, the blobs: all of them) that holds `needle`. */
function filesHolding(dir: string, needle: string): string[] {
  const bytes = Buffer.from(needle);
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => fs.readFileSync(file).includes(bytes));
}

function sqlite<T>(dataDir: string, use: (db: Database.Database) => T): T {
  const db = new Database(path.join(dataDir, 'pasteshare.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    return use(db);
  } finally {
    db.close();
  }
}

/** Every request of a browser context, as URL and Referer: what could carry a key to a server. */
function recordRequests(context: BrowserContext): string[] {
  const seen: string[] = [];
  context.on('request', (request) => {
    seen.push(request.url());
    const referer = request.headers().referer;
    if (referer) seen.push(referer);
  });
  return seen;
}

interface Created {
  id: string;
  key: string;
  /** The path with the key in its fragment: what the creator sends. */
  link: string;
}

/** The create screen with the switch on; waits for the creator's own view of the paste. */
async function createEncryptedInUi(
  page: Page,
  options: { content: string; title?: string; expiration?: string },
): Promise<Created> {
  await page.goto('/');
  await setEditorText(page, options.content);
  if (options.title) await page.getByLabel('Title').fill(options.title);
  if (options.expiration) await page.getByLabel('Expiration').selectOption({ label: options.expiration });
  const encrypted = page.getByRole('switch', { name: 'End-to-end encrypted' });
  await expect(
    page.getByText('The text is encrypted in your browser; the link carries the key'),
  ).toBeVisible();
  await encrypted.check();
  await page.getByRole('button', { name: 'Create Paste' }).click();
  await page.waitForURL(/\/paste\/[A-Za-z0-9_-]+#[A-Za-z0-9_-]{43}$/);
  const url = new URL(page.url());
  return { id: url.pathname.split('/').pop()!, key: url.hash.slice(1), link: `${url.pathname}${url.hash}` };
}

/** An encrypted paste made by an API client (sealed in Node, the same module the browser runs). */
async function createEncryptedApi(
  url: string,
  text: string,
  title: string,
  extra: Record<string, unknown> = {},
): Promise<Created> {
  const key = await generateKey();
  const [sealed, sealedTitle, keyText] = await Promise.all([
    sealText(key, text),
    sealTitle(key, title),
    exportKeyText(key),
  ]);
  const { id } = await createPasteApi(url, {
    content: toBase64(sealed),
    encrypted: true,
    sealedTitle,
    ...extra,
  });
  return { id, key: keyText, link: `/paste/${id}#${keyText}` };
}

test('an encrypted paste: made in the browser, read with its link elsewhere, the server holds no plaintext and never sees the key', async ({
  page,
  server,
}) => {
  const MARK = marker('ENCRYPTED-TEXT');
  const TITLE = marker('ENCRYPTED-TITLE');
  const content = `first line\n${MARK} on the second line\nthird line\n`;
  const creatorRequests = recordRequests(page.context());
  const created = await createEncryptedInUi(page, { content, title: TITLE });

  // The creator's view: decrypted, and the link panel hands over the whole link with its key.
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByTestId('paste-content')).toContainText(MARK);
  await expect(page.getByLabel('Link to this paste')).toHaveValue(`${server.url}${created.link}`);
  await expect(page.getByTestId('encrypted-link-note')).toContainText('if you lose it, the paste is lost');
  await expect(page.getByRole('button', { name: 'Fork' })).toHaveCount(0);
  await snap(page, 'encrypted-creator-view');

  // Someone else with the link, in a fresh browser context.
  const reader = await newVisitor(page.context().browser()!, server.url);
  const readerRequests = recordRequests(reader.context());
  await reader.goto(created.link);
  await expect(reader.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(reader.getByTestId('paste-content')).toContainText(MARK);
  await expect(reader.getByTestId('paste-content')).toContainText('third line');
  await expect(reader.getByTestId('encrypted-badge')).toHaveText('End-to-end encrypted');
  await expect(reader.getByRole('button', { name: 'Fork' })).toHaveCount(0);
  await expect(reader.getByRole('link', { name: 'Edit' })).toHaveCount(0);

  // Share (copying the link where the browser has no share sheet) and Copy: the link keeps its key,
  // Copy gives the plaintext.
  await reader.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await reader.getByRole('button', { name: 'Share' }).click();
  await expect
    .poll(() => reader.evaluate(() => navigator.clipboard.readText()))
    .toBe(`${server.url}${created.link}`);
  await reader.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect.poll(() => reader.evaluate(() => navigator.clipboard.readText())).toBe(content);

  // A line link keeps the key in front of the line; the same link opens on that line.
  const line2 = reader.getByRole('link', { name: 'Line 2', exact: true });
  await expect(line2).toHaveAttribute('href', `#${created.key}&L2`);
  await line2.click();
  await expect(reader).toHaveURL(`${server.url}${created.link}&L2`);
  await reader.reload();
  await expect(reader.getByTestId('paste-content')).toContainText(MARK);
  await expect(reader.locator('#L2')).toHaveAttribute('aria-current', 'true');

  // Raw and Download give the plaintext, made in the tab.
  const [raw] = await Promise.all([
    reader.waitForEvent('popup'),
    reader.getByRole('button', { name: 'Raw' }).click(),
  ]);
  expect(raw.url()).toMatch(/^blob:/);
  await expect(raw.locator('body')).toContainText(MARK);
  await raw.close();
  const [download] = await Promise.all([
    reader.waitForEvent('download'),
    reader.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(fs.readFileSync(await download.path(), 'utf8')).toBe(content);
  await snap(reader, 'encrypted-reader-view');
  await reader.context().close();

  // The server's answers and its whole data folder: ciphertext, never the text or the title.
  const view = await (await fetch(`${server.url}/api/pastes/${created.id}`)).json();
  expect(view).toMatchObject({ encrypted: true, title: 'Encrypted paste' });
  expect(JSON.stringify(view)).not.toContain(MARK);
  const html = await (await fetch(`${server.url}/paste/${created.id}`)).text();
  expect(html).not.toContain(MARK);
  expect(html).not.toContain(TITLE);
  const row = sqlite(server.dataDir, (db) =>
    db.prepare('select title, encryption from pastes where id = ?').get(created.id),
  );
  expect(row).toEqual({ title: 'Encrypted paste', encryption: 1 });
  expect(filesHolding(server.dataDir, MARK)).toEqual([]);
  expect(filesHolding(server.dataDir, TITLE)).toEqual([]);
  // The scan finds what is there: a plain paste's text is in the data folder.
  const CONTROL = marker('PLAIN');
  await createPasteApi(server.url, { content: `${CONTROL}\n` });
  await expect.poll(() => filesHolding(server.dataDir, CONTROL).length).toBeGreaterThan(0);

  // Neither browser ever sent the key: not in a URL, not in a Referer.
  expect(creatorRequests.length).toBeGreaterThan(0);
  expect(readerRequests.length).toBeGreaterThan(0);
  expect([...creatorRequests, ...readerRequests].filter((sent) => sent.includes(created.key))).toEqual([]);
});

test('a link without its key, with a wrong or cut key, and a tampered ciphertext each get their screen and no text', async ({
  page,
  server,
}) => {
  const MARK = marker('TAMPER');
  const created = await createEncryptedApi(server.url, `${MARK}\n`.repeat(50), 'a title');
  const other = await createEncryptedApi(server.url, 'another paste', 'other');

  await page.goto(`/paste/${created.id}`);
  await expect(page.getByRole('heading', { name: MISSING_KEY })).toBeVisible();
  await expect(page.getByText('the part of the link after the # sign')).toBeVisible();
  await snap(page, 'encrypted-missing-key');
  expect(await axeViolations(page)).toEqual([]);

  await page.goto(`/paste/${created.id}#L3`);
  await expect(page.getByRole('heading', { name: MISSING_KEY })).toBeVisible();

  await page.goto(`/paste/${created.id}#${other.key}`);
  await expect(page.getByRole('heading', { name: WRONG_KEY })).toBeVisible();
  await snap(page, 'encrypted-wrong-key');
  expect(await axeViolations(page)).toEqual([]);
  await page.goto(`/paste/${created.id}#${created.key.slice(0, 40)}`);
  await expect(page.getByRole('heading', { name: WRONG_KEY })).toBeVisible();

  // The right key still opens it.
  await page.goto(created.link);
  await expect(page.getByTestId('paste-content')).toContainText(MARK);

  // One byte flipped in the stored blob (past the header, inside the first sealed chunk).
  const blobKey = sqlite(
    server.dataDir,
    (db) =>
      (db.prepare('select blob_key from pastes where id = ?').get(created.id) as { blob_key: string })
        .blob_key,
  );
  expect(blobKey).toBeTruthy();
  const blob = fs
    .readdirSync(server.dataDir, { withFileTypes: true, recursive: true })
    .map((entry) => path.join(entry.parentPath, entry.name))
    .find((file) => file.endsWith(path.join(...blobKey.split('/'))));
  expect(blob, `the blob file of ${blobKey}`).toBeDefined();
  const bytes = fs.readFileSync(blob!);
  expect(bytes.subarray(0, 3).toString('latin1')).toBe('PSE');
  bytes[40] = (bytes[40] ?? 0) ^ 0x01;
  fs.writeFileSync(blob!, bytes);

  const fresh = await newVisitor(page.context().browser()!, server.url);
  await fresh.goto(created.link);
  await expect(fresh.getByRole('heading', { name: UNDECRYPTABLE })).toBeVisible();
  await expect(fresh.getByText(MARK)).toHaveCount(0);
  await expect(fresh.getByTestId('paste-content')).toHaveCount(0);
  await snap(fresh, 'encrypted-undecryptable');
  expect(await axeViolations(fresh)).toEqual([]);
  await fresh.context().close();
});

test('an encrypted burn-after-reading paste: its creator sees it, one reader reads it after the prompt, the next finds nothing', async ({
  page,
  server,
}) => {
  const MARK = marker('BURN');
  const created = await createEncryptedInUi(page, {
    content: `${MARK}\n`,
    title: 'once',
    expiration: 'Burn After Reading',
  });
  await expect(page.getByTestId('paste-content')).toContainText(MARK);
  await expect(page.getByText('Burn after reading — this is your own view')).toBeVisible();

  const first = await newVisitor(page.context().browser()!, server.url);
  const firstRequests: string[] = [];
  first.context().on('request', (request) => firstRequests.push(request.url()));
  await first.goto(created.link);
  await expect(first.getByRole('button', { name: 'Show paste' })).toBeVisible();
  // The prompt names the title opened with the key; nothing of the text was fetched yet.
  await expect(first.getByText('“once” by')).toBeVisible();
  expect(
    firstRequests.filter((u) => u.includes(`/api/pastes/${created.id}`) && !u.includes('reveal=false')),
  ).toEqual([]);
  await first.getByRole('button', { name: 'Show paste' }).click();
  await expect(first.getByTestId('paste-content')).toContainText(MARK);
  await expect(first.getByText('This paste has been burned')).toBeVisible();
  await snap(first, 'encrypted-burned-reader');

  const second = await newVisitor(page.context().browser()!, server.url);
  await second.goto(created.link);
  await expect(second.getByRole('heading', { name: 'Paste Not Found' })).toBeVisible();
  await expect(second.getByText(MARK)).toHaveCount(0);
  await Promise.all([first.context().close(), second.context().close()]);
});

test('the check for secrets still runs on the text before it is encrypted, and its choice applies to the encrypted paste', async ({
  page,
  server,
}) => {
  // A fake key made at run time (the corpus test scans this file).
  const fakeKey = `AKIA${'Q7RT2WXZ'.repeat(2)}`;
  let creates = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/pastes') creates += 1;
  });
  await page.goto('/');
  await setEditorText(page, `region: eu-west-1\n${fakeKey}\n`);
  await page.getByRole('switch', { name: 'End-to-end encrypted' }).check();
  await page.getByRole('button', { name: 'Create Paste' }).click();
  const dialog = page.getByRole('dialog', { name: 'This paste may contain secrets' });
  await expect(dialog).toBeVisible();
  expect(creates).toBe(0);
  await dialog.getByRole('button', { name: 'Make it unlisted' }).click();
  await page.waitForURL(/\/paste\/[A-Za-z0-9_-]+#[A-Za-z0-9_-]{43}$/);
  await expect(page.getByTestId('paste-content')).toContainText(fakeKey);
  const id = new URL(page.url()).pathname.split('/').pop()!;
  const view = await (await fetch(`${server.url}/api/pastes/${id}`)).json();
  expect(view).toMatchObject({ encrypted: true, privacy: 'unlisted' });
  expect(JSON.stringify(view)).not.toContain(fakeKey);
});

test('an encrypted password paste: a wrong key is said before the password is asked, the right one opens after it', async ({
  page,
  server,
}) => {
  const MARK = marker('PASSWORD');
  const created = await createEncryptedApi(server.url, `${MARK}\n`, 'locked title', {
    privacy: 'password',
    password: 'pw-12345',
  });
  const other = await createEncryptedApi(server.url, 'x', 'x');
  await page.goto(`/paste/${created.id}#${other.key}`);
  await expect(page.getByRole('heading', { name: WRONG_KEY })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.goto(created.link);
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Password' }).fill('pw-12345');
  await dialog.getByRole('button', { name: 'Unlock Paste' }).click();
  await expect(page.getByTestId('paste-content')).toContainText(MARK);
  await expect(page.getByRole('heading', { level: 1, name: 'locked title' })).toBeVisible();
  await expect(page).toHaveURL(`${server.url}${created.link}`);
});

test('reports of encrypted pastes: with the key shared a manager reads it in the panel, without it cannot, and a decision deletes the key', async ({
  page,
  server,
}) => {
  await registerUser(server.url, 'crypto-mod', 'password-123');
  sqlite(server.dataDir, (db) =>
    db.prepare('update users set role = ? where username_key = ?').run('manager', 'crypto-mod'),
  );
  const SHARED = marker('SHARED');
  const KEPT = marker('KEPT');
  const shared = await createEncryptedApi(server.url, `${SHARED}\n<b>not html</b>\n`, 'shared one');
  const kept = await createEncryptedApi(server.url, `${KEPT}\n`, 'kept one');

  // A reader reports both; shares the key of the first only (the box starts unchecked).
  const reader = await newVisitor(page.context().browser()!, server.url);
  for (const [paste, share] of [
    [shared, true],
    [kept, false],
  ] as const) {
    await reader.goto(paste.link);
    await expect(reader.getByTestId('paste-content')).toBeVisible();
    await reader.getByRole('button', { name: 'Report' }).click();
    const dialog = reader.getByRole('dialog', { name: 'Report Paste' });
    // Checked before a reason is typed, as accessibility.spec.ts checks the plain dialog.
    if (share) {
      // Once its opening animation is over (half-faded colours are no contrast to judge).
      await dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
      expect(await axeViolations(reader)).toEqual([]);
    }
    await dialog.getByLabel('Reason').fill('abusive content');
    const box = dialog.getByRole('checkbox', { name: 'Share this paste’s key with the moderators' });
    await expect(box).not.toBeChecked();
    await expect(dialog).toContainText('will be able to read this paste');
    if (share) {
      await box.check();
      await snap(reader, 'encrypted-report-dialog');
    }
    await dialog.getByRole('button', { name: 'Submit Report' }).click();
    await expect(toasts(reader)).toContainText('Report Submitted');
  }
  await reader.context().close();
  const sealedKeys = () =>
    sqlite(
      server.dataDir,
      (db) =>
        db.prepare('select paste_id as id, shared_key_sealed as sealed from reports order by id').all() as {
          id: string;
          sealed: string | null;
        }[],
    );
  const stored = sealedKeys();
  expect(stored.find((r) => r.id === shared.id)?.sealed).toBeTruthy();
  expect(stored.find((r) => r.id === kept.id)?.sealed).toBeNull();
  // Kept sealed: the key itself is in no file of the data folder.
  expect(filesHolding(server.dataDir, shared.key)).toEqual([]);

  await loginInContext(page, 'crypto-mod', 'password-123');
  await page.goto('/admin/reports');
  const sharedCard = page.getByTestId(`moderation-${shared.id}`);
  const keptCard = page.getByTestId(`moderation-${kept.id}`);
  await expect(keptCard).toContainText('Encrypted — the reporter did not share the key');
  await expect(keptCard.getByRole('button', { name: 'Read decrypted' })).toHaveCount(0);
  await sharedCard.getByRole('button', { name: 'Read decrypted' }).click();
  const text = sharedCard.getByTestId('decrypted-paste');
  await expect(text).toContainText(SHARED);
  // Shown as text, never as markup.
  await expect(text).toContainText('<b>not html</b>');
  await expect(text.locator('b')).toHaveCount(0);
  await snap(page, 'encrypted-report-read');
  // This feature's parts of the panel (its red Approve & Delete button fails colour contrast in
  // the dark theme whatever the paste: a matter of the shared button, not of these).
  expect(
    await axeViolations(page, ['[data-testid="decrypted-paste"]', '[data-testid="key-not-shared"]']),
  ).toEqual([]);

  // The decision: rejected, the stored key is gone and the action with it.
  await sharedCard.getByRole('button', { name: 'Reject' }).click();
  await expect(toasts(page)).toContainText('Report Rejected');
  expect(sealedKeys().find((r) => r.id === shared.id)?.sealed).toBeNull();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Read decrypted' })).toHaveCount(0);
  const reportId = sqlite(
    server.dataDir,
    (db) => (db.prepare('select id from reports where paste_id = ?').get(shared.id) as { id: number }).id,
  );
  const keyAnswer = await page.request.get(`/api/admin/paste-reports/${reportId}/key`);
  expect(keyAnswer.status()).toBe(404);

  // Without the key the paste can still be deleted.
  await keptCard.getByRole('button', { name: 'Approve & Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve & Delete' }).click();
  await expect(toasts(page)).toContainText('Report Approved');
  expect((await fetch(`${server.url}/api/pastes/${kept.id}`)).status).toBe(404);
});

/** Every row of every table of a PostgreSQL database, as text (bytea shows as hex there). */
async function everyRowAsText(connectionString: string): Promise<string> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      "select quote_ident(table_schema) || '.' || quote_ident(table_name) as name from information_schema.tables where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')",
    );
    const parts: string[] = [];
    for (const { name } of tables.rows) {
      const rows = await client.query<{ row: string }>(`select t::text as row from ${name} t`);
      parts.push(name, ...rows.rows.map((r) => r.row));
    }
    return parts.join('\n');
  } finally {
    await client.end();
  }
}

test('on PostgreSQL too: after an encrypted paste is made and read, no table and no file holds its text, title or key', async ({
  browser,
}) => {
  // Its own server starts here: however long that takes, plus the test's three minutes.
  test.setTimeout(SERVER_FIXTURE_TIMEOUT_MS + 180_000);
  const admin = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const database = `e2e_encrypted_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${database}`);
  const url = new URL(admin);
  url.pathname = `/${database}`;
  const server = await startServer({ DATABASE_URL: url.toString() });
  try {
    await completeSetup(server.url);
    const MARK = marker('PG-TEXT');
    const TITLE = marker('PG-TITLE');
    const creator = await newVisitor(browser, server.url);
    const created = await createEncryptedInUi(creator, { content: `${MARK}\n`, title: TITLE });
    await expect(creator.getByTestId('paste-content')).toContainText(MARK);
    const reader = await newVisitor(browser, server.url);
    await reader.goto(created.link);
    await expect(reader.getByTestId('paste-content')).toContainText(MARK);
    await Promise.all([creator.context().close(), reader.context().close()]);

    // The scan finds what is there: a plain paste's text is in its row.
    const CONTROL = marker('PG-PLAIN');
    await createPasteApi(server.url, { content: `${CONTROL}\n` });
    const rows = await everyRowAsText(url.toString());
    expect(rows).toContain(created.id);
    expect(rows).toContain(CONTROL);
    for (const secret of [MARK, TITLE, created.key]) {
      expect(rows).not.toContain(secret);
      expect(rows).not.toContain(Buffer.from(secret).toString('hex'));
      expect(filesHolding(server.dataDir, secret)).toEqual([]);
    }
  } finally {
    await server.stop();
    await client.query(`drop database if exists ${database} with (force)`);
    await client.end();
  }
});

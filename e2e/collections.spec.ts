import { axeViolations } from './support/axe';
import { expect, loginInContext, registerUser, snap, test } from './support/fixtures';
import { createPasteApi, newVisitor, sessionCookie } from './support/pastes';

/** Collections: made on the Account page, filled from paste pages, reordered, read by another person. */
test.use({ setupCompleted: true });

const AUTHOR = { username: 'collector1', password: 'password-123' };
const READER = { username: 'reader1', password: 'password-123' };

test('create a collection, add two pastes, reorder them; another person sees only the one they may read', async ({
  page,
  browser,
  baseURL,
}) => {
  await registerUser(baseURL!, AUTHOR.username, AUTHOR.password);
  await registerUser(baseURL!, READER.username, READER.password);
  const cookie = await sessionCookie(baseURL!, AUTHOR.username, AUTHOR.password);
  const open = await createPasteApi(
    baseURL!,
    { title: 'Public notes', content: 'print("hello")\n', language: 'python' },
    cookie,
  );
  const secret = await createPasteApi(
    baseURL!,
    { title: 'Private notes', content: 'only for me\n', privacy: 'shared' },
    cookie,
  );
  await loginInContext(page, AUTHOR.username, AUTHOR.password);

  // A collection, made from the Account page's card.
  await page.goto('/account#collections');
  const card = page.locator('#collections');
  await card.getByLabel('New collection').fill('Incident 7');
  await card.getByRole('button', { name: 'Create' }).click();
  await page.waitForURL('**/c/*');
  const collectionUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { name: 'Incident 7' })).toBeVisible();

  // Both pastes, added from their own pages.
  for (const id of [open.id, secret.id]) {
    await page.goto(`/paste/${id}`);
    const adding = page.getByTestId('add-to-collection');
    await adding.getByLabel('Add to collection').selectOption({ label: 'Incident 7' });
    await adding.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText('Added to Incident 7', { exact: true })).toBeVisible();
  }

  // In order of adding; moved by its button, the second comes first.
  await page.goto(collectionUrl);
  const list = page.getByRole('list', { name: 'Pastes in this collection' });
  await expect(list.getByRole('listitem')).toHaveText([/Public notes/, /Private notes/]);
  await list.getByRole('button', { name: 'Move Private notes up' }).click();
  await expect(list.getByRole('listitem')).toHaveText([/Private notes/, /Public notes/]);
  await expect(list.getByRole('button', { name: 'Move Private notes down' })).toBeFocused();
  await snap(page, 'collection-author');
  await page.reload();
  await expect(list.getByRole('listitem')).toHaveText([/Private notes/, /Public notes/]);

  // Another person with the link: only the paste they may read, the other neither named nor counted.
  const reader = await newVisitor(browser, baseURL!);
  await loginInContext(reader, READER.username, READER.password);
  await reader.goto(collectionUrl);
  const seen = reader.getByRole('list', { name: 'Pastes in this collection' });
  await expect(seen.getByRole('listitem')).toHaveText([/Public notes/]);
  await expect(seen).toContainText('python');
  await expect(seen).toContainText(AUTHOR.username);
  await expect(reader.getByText('Private notes')).toHaveCount(0);
  await expect(seen.getByRole('button')).toHaveCount(0);
  for (const theme of ['light', 'dark']) {
    await reader.evaluate((t) => localStorage.setItem('theme', t), theme);
    await reader.setViewportSize({ width: 390, height: 844 });
    await reader.reload();
    await expect(seen.getByRole('listitem')).toHaveText([/Public notes/]);
    await snap(reader, `collection-reader-phone-${theme}`);
    expect(await axeViolations(reader), `collection, reader (${theme})`).toEqual([]);
  }
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await snap(page, 'collection-author-dark');
  expect(await axeViolations(page), 'collection, author (dark)').toEqual([]);
});

test('a shared collection names a person from its settings; only then can they open it', async ({
  page,
  browser,
  baseURL,
}) => {
  const owner = { username: 'keeper1', password: 'password-123' };
  const named = { username: 'colleague1', password: 'password-123' };
  await registerUser(baseURL!, owner.username, owner.password);
  await registerUser(baseURL!, named.username, named.password);
  await loginInContext(page, owner.username, owner.password);
  await page.goto('/account#collections');
  const card = page.locator('#collections');
  await card.getByLabel('New collection').fill('Runbook');
  await card.getByRole('button', { name: 'Create' }).click();
  await page.waitForURL('**/c/*');
  const collectionUrl = new URL(page.url()).pathname;

  const colleague = await newVisitor(browser, baseURL!);
  await loginInContext(colleague, named.username, named.password);
  await colleague.goto(collectionUrl);
  await expect(colleague.getByRole('heading', { name: 'Runbook' })).toBeVisible();

  // Shared with nobody: closed to anyone with the link.
  await page.getByLabel('Privacy').selectOption('shared');
  const sharing = page.getByRole('group', { name: 'Shared with' });
  await expect(sharing.getByText('Nobody yet')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect
    .poll(async () => {
      await colleague.reload();
      return colleague.getByText('Collection not found').count();
    })
    .toBe(1);

  // Enter in the field adds the person; only Save sends it.
  await sharing.getByLabel('Add a person (username)').fill(named.username);
  await sharing.getByLabel('Add a person (username)').press('Enter');
  await expect(sharing.getByText(named.username)).toBeVisible();
  await expect(sharing.getByLabel('Add a person (username)')).toHaveValue('');
  await colleague.reload();
  await expect(colleague.getByText('Collection not found')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect
    .poll(async () => {
      await colleague.reload();
      return colleague.getByRole('heading', { name: 'Runbook' }).count();
    })
    .toBe(1);
  await page.reload();
  await expect(sharing.getByText(named.username)).toBeVisible();
  await snap(page, 'collection-shared-settings');
  expect(await axeViolations(page), 'collection, shared settings').toEqual([]);

  // Removed and saved: closed to them again.
  await page.getByRole('button', { name: `Remove ${named.username}` }).click();
  await expect(sharing.getByText('Nobody yet')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect
    .poll(async () => {
      await colleague.reload();
      return colleague.getByText('Collection not found').count();
    })
    .toBe(1);
  await page.reload();
  await expect(sharing.getByText('Nobody yet')).toBeVisible();
});

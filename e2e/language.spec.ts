import { expect, snap, test } from './support/fixtures';
import { createPasteApi, setEditorText } from './support/pastes';

test.use({ setupCompleted: true });

test('the language chosen when creating is kept, a viewer’s choice goes in the URL, downloads are named by it', async ({
  page,
}) => {
  await page.goto('/');
  await setEditorText(page, 'def greet(name):\n    return f"hello {name}"\n');
  await page.getByLabel('Title').fill('greet');
  await page.getByLabel('Language').selectOption('python');
  await page.getByRole('button', { name: 'Create Paste' }).click();
  await expect(page).toHaveURL(/\/paste\/[\w-]+$/);
  const picker = page.getByLabel('Language');
  await expect(picker).toHaveValue('python');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    // A link to the server's file (it works without scripts); here the app saves the text shown.
    page.getByRole('toolbar', { name: 'Paste actions' }).getByRole('link', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('greet.py');

  // The viewer picks another language: it goes in the URL, and a reload (or the shared link) keeps it.
  const pasteUrl = page.url();
  await page.goto('/about');
  await page.goto(`${pasteUrl}#L2`);
  await picker.selectOption('plaintext');
  await expect(page).toHaveURL(/\?lang=plaintext#L2$/);
  await page.reload();
  await expect(page.getByLabel('Language')).toHaveValue('plaintext');
  await snap(page, 'language-in-url');
});

test('a log is shown as plain text, a Python traceback as Python', async ({ page, server }) => {
  const log = await createPasteApi(server.url, {
    title: 'app.log',
    content:
      '2026-11-24 11:02:13,481 INFO  [main] Starting ProtocolHandler ["http-nio-8080"]\n' +
      '2026-11-24 11:02:14,001 ERROR [exec-1] Request failed: GET /api/orders/42 -> 500\n' +
      'Nov 24 11:02:15 web-1 sshd[1234]: Accepted publickey for deploy from 10.0.0.5\n',
  });
  await page.goto(`/paste/${log.id}`);
  await expect(page.getByLabel('Language')).toHaveValue('auto');
  await expect(page.getByRole('option', { name: 'Auto-detect', exact: true })).toBeAttached();
  const traceback = await createPasteApi(server.url, {
    title: 'crash',
    content:
      'Traceback (most recent call last):\n  File "app.py", line 3, in <module>\n    main()\nValueError: bad\n',
  });
  await page.goto(`/paste/${traceback.id}`);
  await expect(page.getByRole('option', { name: 'Auto-detect (Python)' })).toBeAttached();
});

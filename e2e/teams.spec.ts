import { expect, loginInContext, registerUser, snap, test } from './support/fixtures';
import { createPasteApi, newVisitor, sessionCookie } from './support/pastes';

/** Teams and the Shared privacy: a paste shared with a team, read by a member and by nobody else. */
test.use({ setupCompleted: true });

const AUTHOR = { username: 'author1', password: 'password-123' };
const MEMBER = { username: 'member1', password: 'password-123' };
const REVIEWER = { username: 'reviewer1', password: 'password-123' };
const TEXT = 'kubectl rollout restart deploy/api\n# then watch the error rate\n';

test('share a paste with a team; a member finds it in Shared with me and reads it, a visitor cannot', async ({
  page,
  browser,
  baseURL,
}) => {
  await registerUser(baseURL!, AUTHOR.username, AUTHOR.password);
  await registerUser(baseURL!, MEMBER.username, MEMBER.password);
  await registerUser(baseURL!, REVIEWER.username, REVIEWER.password);
  await loginInContext(page, AUTHOR.username, AUTHOR.password);

  // A team, made and filled through its screens.
  await page.goto('/teams');
  await page.getByLabel('Name').fill('Incident Response');
  await expect(page.getByLabel('Address')).toHaveValue('incident-response');
  await page.getByRole('button', { name: 'Create team' }).click();
  await page.waitForURL('**/teams/incident-response');
  await page.getByLabel('Add by username').fill(MEMBER.username);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const members = page.getByRole('list', { name: 'Members' });
  await expect(members).toContainText(MEMBER.username);
  await snap(page, 'team-page');

  // A shared paste, shared with the team from its own page.
  const cookie = await sessionCookie(baseURL!, AUTHOR.username, AUTHOR.password);
  const { id } = await createPasteApi(
    baseURL!,
    { title: 'Restart runbook', content: TEXT, privacy: 'shared' },
    cookie,
  );
  await page.goto(`/paste/${id}`);
  const panel = page.getByTestId('share-panel');
  await expect(panel).toContainText('Nobody yet');
  await panel.getByLabel('Add a team').selectOption('incident-response');
  await expect(panel).toContainText('Incident Response (team)');
  // Each change is in the paste's share history, newest first, for its author.
  const history = panel.getByRole('list', { name: 'Share history' });
  await expect(history.getByRole('listitem')).toContainText([
    `${AUTHOR.username} added team incident-response`,
  ]);
  await panel.getByLabel('Add a person (username)').fill(REVIEWER.username);
  await panel.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(history.getByRole('listitem').first()).toContainText(
    `${AUTHOR.username} added ${REVIEWER.username}`,
  );
  await panel.getByRole('button', { name: `Remove ${REVIEWER.username}` }).click();
  await expect(history.getByRole('listitem')).toContainText([
    `${AUTHOR.username} removed ${REVIEWER.username}`,
    `${AUTHOR.username} added ${REVIEWER.username}`,
    `${AUTHOR.username} added team incident-response`,
  ]);
  await snap(page, 'paste-share-panel');

  // The member: Shared with me on the Account page, then the paste itself, at phone width too.
  const member = await newVisitor(browser, baseURL!);
  await loginInContext(member, MEMBER.username, MEMBER.password);
  await member.goto('/account#shared-with-me');
  const shared = member.locator('#shared-with-me');
  // The account page asks for several lists at once: on a loaded machine they take a while.
  await expect(shared).toContainText('Restart runbook', { timeout: 60_000 });
  await expect(shared).toContainText('Incident Response');
  await snap(member, 'shared-with-me');
  await shared.getByRole('link', { name: 'Restart runbook' }).click();
  await expect(member.getByTestId('paste-content')).toContainText('kubectl rollout restart');
  await expect(member.getByTestId('share-panel')).toHaveCount(0);
  for (const theme of ['light', 'dark']) {
    await member.evaluate((t) => localStorage.setItem('theme', t), theme);
    await member.setViewportSize({ width: 390, height: 844 });
    await member.reload();
    await expect(member.getByTestId('paste-content')).toContainText('kubectl rollout restart');
    await snap(member, `shared-paste-phone-${theme}`);
  }

  // Anyone else: not found, link or not.
  const visitor = await newVisitor(browser, baseURL!);
  await visitor.goto(`/paste/${id}`);
  await expect(visitor.getByText(/not found/i).first()).toBeVisible();
  await expect(visitor.getByText('kubectl')).toHaveCount(0);
});

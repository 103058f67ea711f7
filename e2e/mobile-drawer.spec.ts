import { ADMIN, expect, loginInContext, SITE_TITLE, snap, test } from './support/fixtures';

test.use({ setupCompleted: true, viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

test('the side drawer holds the navigation on a small screen', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  // The inline links are hidden; the drawer button is the way in.
  await expect(header.getByRole('link', { name: 'About', exact: true })).toBeHidden();
  await snap(page, 'mobile-home');

  const openMenu = page.getByRole('button', { name: 'Open menu' });
  await openMenu.click();
  const drawer = page.getByRole('dialog', { name: 'Navigation menu' });
  await expect(drawer).toBeVisible();
  for (const name of ['Home', 'About', 'API', 'Top Views', 'VIP', 'Login', 'Register']) {
    await expect(drawer.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await snap(page, 'mobile-drawer');

  await drawer.getByRole('link', { name: 'About', exact: true }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: `About ${SITE_TITLE}` })).toBeVisible();
  await snap(page, 'mobile-about');

  await openMenu.click();
  await drawer.getByRole('link', { name: 'VIP', exact: true }).click();
  await expect(page).toHaveURL(/\/vip$/);
  await expect(page.getByRole('heading', { name: 'Custom Banners' })).toBeVisible();

  await openMenu.click();
  await drawer.getByRole('link', { name: 'Register', exact: true }).click();
  await expect(page).toHaveURL(/\/auth\?tab=register$/);
  await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
  await snap(page, 'mobile-register');

  // Escape closes the drawer without navigating.
  await openMenu.click();
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/\/auth\?tab=register$/);
});

test('the drawer offers New paste, as the desktop header does, except on the create screen', async ({
  page,
}) => {
  await page.goto('/about');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Navigation menu' });
  const newPaste = drawer.getByRole('link', { name: 'New paste' });
  await expect(newPaste).toBeVisible();
  await snap(page, 'mobile-drawer-new-paste', { fullPage: false });
  await newPaste.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Create Paste' })).toBeVisible();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(drawer.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'New paste' })).toHaveCount(0);
});

test.describe('signed in, on a 390×844 phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the drawer lists the user menu’s entries, in its order, and My Pastes opens the list', async ({
    page,
  }) => {
    await loginInContext(page, ADMIN.username, ADMIN.password);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation menu' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText('Signed in as')).toBeVisible();
    // The same entries as the user menu (spec §2), then Logout.
    await expect(drawer.getByRole('link', { name: /^(My Pastes|Account Settings|Admin Panel)$/ })).toHaveText(
      ['My Pastes', 'Account Settings', 'Admin Panel'],
    );
    await expect(drawer.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
    await snap(page, 'mobile-drawer-signed-in');

    await drawer.getByRole('link', { name: 'My Pastes', exact: true }).click();
    await expect(page).toHaveURL(/\/account#my-pastes$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { name: 'My Pastes' })).toBeInViewport();
  });
});

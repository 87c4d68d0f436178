import { expect, test } from './hydrated-test';
import { expectAccessible, PNG_48, signInViaApi, signUpViaApi } from './fixtures';

test.describe('profile', () => {
  test('edits the profile with an uploaded avatar', async ({ page }) => {
    const account = await signUpViaApi(page);
    await signInViaApi(page, account.username, account.password);
    await page.goto('/web/profile/edit');
    await expect(page.getByRole('heading', { name: 'Edit profile' })).toBeVisible();
    await expectAccessible(page, 'profile edit');

    await page.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_48 });
    await expect(page.getByRole('group', { name: 'Profile picture' }).locator('img').first()).toHaveAttribute('src', /\/media\//);
    await page.getByLabel('First name').fill('Alexandra');
    await page.getByLabel('Phone (optional)').fill('+44 20 7946 0000');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Your profile has been saved.')).toBeVisible();

    // The header follows at once, and the saved values come back after a reload.
    await expect(page.getByRole('banner').getByText('Alexandra')).toBeVisible();
    await expect(page.getByRole('banner').locator('img[src*="/media/"]')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('First name')).toHaveValue('Alexandra');
    await expect(page.getByLabel('Phone (optional)')).toHaveValue('+44 20 7946 0000');
  });

  test('a blank first name is refused next to the field', async ({ page }) => {
    const account = await signUpViaApi(page);
    await signInViaApi(page, account.username, account.password);
    await page.goto('/web/profile/edit');
    await page.getByLabel('First name').fill('  ');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('This value should not be blank.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('First name')).toHaveValue('Alex');
  });

  test('switching the language takes effect at once and is kept', async ({ page }) => {
    const account = await signUpViaApi(page);
    await signInViaApi(page, account.username, account.password);
    await page.goto('/web/profile/edit');
    await page.getByLabel('Language').selectOption('es');
    await expect(page.getByRole('heading', { name: 'Editar perfil' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expectAccessible(page, 'profile edit (es)');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Editar perfil' })).toBeVisible();

    await page.getByLabel('Idioma').selectOption('zh-HK');
    await expect(page.getByRole('heading', { name: '編輯個人資料' })).toBeVisible();
    await page.goto('/web/');
    await expect(page.getByRole('heading', { name: '歡迎使用 Skillroom！' })).toBeVisible();
    await expectAccessible(page, 'dashboard (zh-HK)');
  });

  test('the mobile menu opens, and closes after a click', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const account = await signUpViaApi(page);
    await signInViaApi(page, account.username, account.password);
    await page.goto('/web/');
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expectAccessible(page, 'mobile menu');
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Edit profile' }).click();
    await expect(page.getByRole('heading', { name: 'Edit profile' })).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    // Nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

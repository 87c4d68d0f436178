import { expect, test } from './hydrated-test';
import { expectAccessible, signInViaApi, signUpViaApi } from './fixtures';

test.describe('profile: a new password', () => {
  test('asks for the current password once a new one is typed, and refuses a wrong one next to the field', async ({ page, request }) => {
    const account = await signUpViaApi(page);
    await signInViaApi(page, account.username, account.password);
    await page.goto('/web/profile/edit');
    await expect(page.getByRole('heading', { name: 'Edit profile' })).toBeVisible();
    await expect(page.getByLabel('Current password')).toHaveCount(0);

    await page.getByLabel('New password').fill('a brand new password');
    const current = page.getByLabel('Current password');
    await expect(current).toBeVisible();
    await expect(current).toHaveAttribute('autocomplete', 'current-password');
    await expectAccessible(page, 'profile edit with a new password');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(current).toHaveAccessibleDescription('This value should not be blank.');

    await current.fill('not my password');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(current).toHaveAccessibleDescription('This is not your current password.');

    await current.fill(account.password);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Your profile has been saved.')).toBeVisible();
    // The form is cleared, and this session goes on; the new password is the one that signs in now.
    await expect(page.getByLabel('Current password')).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Edit profile' })).toBeVisible();
    const old = await request.post('/api/public/v1/login_check', { data: { username: account.username, password: account.password } });
    expect(old.status()).toBe(401);
    const fresh = await request.post('/api/public/v1/login_check', {
      data: { username: account.username, password: 'a brand new password' },
    });
    expect(fresh.status()).toBe(200);
  });

  test('shows the current-password field in Spanish and Traditional Chinese, without sideways scroll at 320 px', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    const account = await signUpViaApi(page);
    await signInViaApi(page, account.username, account.password);
    await page.goto('/web/profile/edit');
    await page.getByLabel('Language').selectOption('es');
    await page.getByLabel('Contraseña nueva').fill('una contraseña nueva');
    await expect(page.getByLabel('Contraseña actual')).toBeVisible();
    await page.getByLabel('Idioma').selectOption('zh-HK');
    await expect(page.getByLabel('目前的密碼')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await expectAccessible(page, 'profile edit zh-HK with a new password');
    await page.screenshot({ path: test.info().outputPath('profile-password-320.png'), fullPage: true });
  });
});

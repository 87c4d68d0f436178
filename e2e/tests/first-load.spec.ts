import { expect, test } from './hydrated-test';
import { DEMO_PASSWORD } from './fixtures';

// The first load of a page the server rendered (issue 35), before and as the app takes it over.
test.describe('the first load of a page the server rendered', () => {
  test('what is typed into the sign-in form before the app has started is kept, and signs in', async ({ page }) => {
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // The app's entry script waits (a slow connection): the server's form is on the screen, the app is not there yet.
    await page.route(/\/web\/assets\/index-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    // Ends once the app has taken the page over (hydrated-test), so it is awaited only after the entry is let through.
    const opened = page.goto('/web/sign-in/');
    const username = page.getByLabel('Username or e-mail');
    await expect(page.locator('#root[data-hydrating]')).toHaveCount(1);
    await expect(username).toBeVisible();
    // A keyboard user reaches the field as the page shows (its fields take no pointer until hydrated, styles.css).
    await username.focus();
    await page.keyboard.type('teacher');
    await expect(username).toHaveValue('teacher');

    release();
    await opened;
    await expect(page.locator('#root[data-hydrating]')).toHaveCount(0);
    await expect(username).toHaveValue('teacher');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/web\/?$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test("a signed-out visitor's language is the server's page's language from the next page on", async ({ page }) => {
    await page.goto('/web/sign-in/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByLabel('Language').selectOption('es');
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();

    // The server's HTML itself is in Spanish: nothing is painted in English first.
    const again = await page.reload();
    const html = (await again?.text()) ?? '';
    expect(html).toContain('<html lang="es"');
    expect(html).toMatch(/<h1[^>]*>Iniciar sesión<\/h1>/);
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();

    // A choice kept by an earlier version of the app, in local storage only: this page switches once the app runs and
    // writes the cookie, so the next one comes from the server in it.
    await page.evaluate(() => localStorage.setItem('locale', 'zh-HK'));
    await page.context().clearCookies();
    const first = await page.reload();
    expect((await first?.text()) ?? '').toContain('<html lang="en"');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-HK');
    const next = await page.reload();
    expect((await next?.text()) ?? '').toContain('<html lang="zh-HK"');
  });
});

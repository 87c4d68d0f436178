import { type Page } from '@playwright/test';
import { expect, test } from './hydrated-test';
import { expectAccessible, signInViaApi, signUpViaApi } from './fixtures';

/**
 * Issue 36 §12: with the browser's permission given, the notification list says notifications are on only once the
 * server holds this browser's subscription; a failed registration says so and offers to try again. The browser's push
 * service is stood in for by a subscription object (headless Chromium has none), so what is tested is ours.
 */
async function withPermission(page: Page) {
  await page.context().grantPermissions(['notifications']);
  await page.addInitScript(() => {
    const json = {
      endpoint: 'https://push.example.test/send/e2e',
      expirationTime: null,
      keys: {
        p256dh: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    };
    PushManager.prototype.getSubscription = async function () {
      return { toJSON: () => json } as unknown as PushSubscription;
    };
  });
  const account = await signUpViaApi(page);
  await signInViaApi(page, account.username, account.password);
}

test.describe('browser notifications say on only when they are', () => {
  test('the server refuses the registration: the card says so, and Try again registers it', async ({ page }) => {
    await withPermission(page);
    let refuse = true;
    await page.route('**/api/auth/v1/firebase-token', (route) => (refuse ? route.fulfill({ status: 503, body: '' }) : route.fallback()));
    await page.goto('/web/notifications');
    await expect(page.getByText('This browser allows notifications, but Skillroom could not register it', { exact: false })).toBeVisible();
    await expect(page.getByText('This browser shows your notifications', { exact: false })).toHaveCount(0);
    await expectAccessible(page, 'push registration failed');

    refuse = false;
    const posted = page.waitForResponse((r) => r.url().endsWith('/api/auth/v1/firebase-token') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Try again' }).click();
    expect((await posted).ok()).toBe(true);
    await expect(page.getByText('This browser shows your notifications, even when Skillroom is closed.')).toBeVisible();
  });

  test('the server holds the subscription: the card says notifications are on', async ({ page }) => {
    await withPermission(page);
    await page.goto('/web/notifications');
    await expect(page.getByText('This browser shows your notifications, even when Skillroom is closed.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  });
});

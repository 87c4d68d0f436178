import fs from 'node:fs';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './hydrated-test';
import { expectAccessible, signInViaApi, signUpViaApi } from './fixtures';

const shots = process.env.E2E_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (!shots) return;
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
};
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe('privacy policy (DESIGN §6 "Consent")', () => {
  test('a user who never agreed reads the summary and agrees with the keyboard before using the app', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && problems.push(m.text()));
    await page.setViewportSize({ width: 360, height: 780 });
    const account = await signUpViaApi(page, { privacyPolicyAgreed: false, firstName: 'Noor' });
    await signInViaApi(page, account.username, account.password);
    await page.goto('/web/');

    const heading = page.getByRole('heading', { name: 'Our privacy policy' });
    await expect(heading).toBeVisible();
    await expect(heading).toBeFocused();
    await expect(page.getByText(/This policy is dated 24\/11\/2026/)).toBeVisible();
    await expect(page.getByText(/A linked family member sees only their own child/)).toBeVisible();
    // Nothing of the app is behind it: no dashboard, no menu.
    await expect(page.getByRole('heading', { name: 'Hello, Noor' })).toHaveCount(0);
    const full = page.getByRole('link', { name: /Read the full privacy policy/ });
    await expect(full).toHaveAttribute('href', '/web/legal/privacy.html');
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'privacy gate');
    await shot(page, 'privacy-gate-360-en');

    // Keyboard only: from the heading, Tab reaches the link, then "I agree".
    await page.keyboard.press('Tab');
    await expect(full).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'I agree' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Hello, Noor' })).toBeVisible();

    // Agreed once: the next visit goes straight in.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Hello, Noor' })).toBeVisible();
    await expect(heading).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  for (const [locale, title, agree] of [
    ['es', 'Nuestra política de privacidad', 'Acepto'],
    ['zh-HK', '我們的私隱政策', '我同意'],
  ] as const) {
    test(`the gate reads in ${locale} at 320 px`, async ({ page }) => {
      await page.setViewportSize({ width: 320, height: 700 });
      const account = await signUpViaApi(page, { privacyPolicyAgreed: false, preferredLanguage: locale });
      await signInViaApi(page, account.username, account.password);
      await page.goto('/web/');
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await expectAccessible(page, `privacy gate ${locale}`);
      await shot(page, `privacy-gate-320-${locale}`);
      await page.getByRole('button', { name: agree }).click();
      await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
    });
  }

  test('the privacy page says what is kept, who sees it, for how long, and how to export and delete', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto('/web/legal/privacy.html');
    await expect(page.getByRole('heading', { name: 'Privacy policy', level: 1 })).toBeVisible();
    for (const h of [
      'What we keep',
      'Who sees it',
      'How long we keep it',
      'Taking your data with you',
      'Deleting',
      'Location and hidden details',
    ]) {
      await expect(page.getByRole('heading', { name: h })).toBeVisible();
    }
    await expect(page.getByText(/730 days/).first()).toBeVisible();
    await expect(page.getByText(/Download record/).first()).toBeVisible();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'privacy page');
    await page.setViewportSize({ width: 360, height: 780 });
    await shot(page, 'privacy-page-360');
  });

  test('sign-up cannot be sent without agreeing, and records the agreement', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto('/web/sign-up');
    const box = page.getByLabel('I have read and agree to the privacy policy');
    await expect(box).not.toBeChecked();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Please agree to the privacy policy to create your account.')).toBeVisible();
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await shot(page, 'sign-up-agreement-360');
  });
});

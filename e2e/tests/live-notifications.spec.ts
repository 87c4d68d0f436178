import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './hydrated-test';
import { expectAccessible, signInViaApi, signUpViaApi, unique } from './fixtures';

/** A signed-in page in its own browser context (its own cookies), collecting console errors. */
async function person(browser: Browser, overrides: Record<string, unknown> = {}) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  const account = await signUpViaApi(page, overrides);
  const { token } = await signInViaApi(page, account.username, account.password);
  const api = async <T>(method: 'GET' | 'POST' | 'PATCH', path: string, data?: unknown) => {
    const res = await page.request.fetch(`/api/auth/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/ld+json' },
      data,
    });
    expect(res.ok(), `${method} ${path}`).toBe(true);
    return (await res.json()) as T;
  };
  const id = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { userid: number }).userid;
  return { page, context, problems, api, id };
}

const shots = process.env.E2E_SHOTS_DIR;
/** A screenshot to look at when E2E_SHOTS_DIR names a folder. */
const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
};

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

test.describe('live notifications and the dashboard (DESIGN §8)', () => {
  test('a new co-teacher sees the class at once; handed the class, they are told they own it, in their language', async ({ browser }) => {
    const a = await person(browser, { firstName: 'Ana', lastName: 'Owner' });
    const b = await person(browser, { firstName: 'Ben', lastName: 'Joiner' });
    const name = unique('Maple ');
    const cls = await a.api<{ id: number; invitationCode: string }>('POST', '/teaching-class', {
      name,
      year: 2026,
      start: '2026-09-01',
      end: '2027-07-15',
    });

    // B's dashboard is empty; the request is accepted elsewhere, and the class appears without a reload.
    await b.page.goto('/web/');
    await expect(b.page.getByRole('heading', { name: 'Welcome to Skillroom!' })).toBeVisible();
    const request = await b.api<{ id: number }>('POST', '/teaching-class-teacher-invitation', { invitationCode: cls.invitationCode });
    await a.api('POST', `/teaching-class-teacher-invitation/${request.id}/accept`);
    await expect(b.page.getByRole('link', { name: new RegExp(name) })).toBeVisible();
    await expect(b.page.getByRole('heading', { name: 'Welcome to Skillroom!' })).toHaveCount(0);
    await expect(bell(b.page)).toHaveAccessibleName('Notifications, 1 unread');

    // A hands the class over: B is told they own it (type 8), and the notification opens the class.
    await a.api('PATCH', `/teaching-class/${cls.id}`, { creator: `/api/auth/v1/user/${b.id}` });
    await expect(bell(b.page)).toHaveAccessibleName('Notifications, 2 unread');
    await bell(b.page).click();
    const dropdown = b.page.getByRole('region', { name: 'Notifications' });
    const owned = dropdown.getByRole('button', { name: /You now own a class/ });
    await expect(owned).toContainText(`You now own ${name}: Ana Owner handed it over and stays as a co-teacher.`);
    await expectAccessible(b.page, 'dropdown with a class owned');
    await shot(b.page, 'class-owned-dropdown-1280');
    await owned.click();
    await expect(b.page).toHaveURL(new RegExp(`/web/teaching-class/${cls.id}$`));
    await expect(b.page.getByRole('heading', { level: 1, name })).toBeVisible();

    // The words follow B's language of the day, for notifications made before the change too.
    await b.api('PATCH', `/user/${b.id}`, { preferredLanguage: 'es' });
    await b.page.evaluate(() => localStorage.setItem('locale', 'es'));
    await b.page.goto('/web/notifications');
    const list = b.page.getByRole('list').filter({ hasText: 'Ahora eres propietario de una clase' });
    await expect(list.getByText('Ahora eres propietario de una clase')).toBeVisible();
    await expect(list.getByText('Te has unido a una clase')).toBeVisible();
    await b.page.setViewportSize({ width: 360, height: 780 });
    await shot(b.page, 'notifications-es-360');
    expect(a.problems).toEqual([]);
    expect(b.problems).toEqual([]);
    await a.context.close();
    await b.context.close();
  });
});

test.describe('form errors', () => {
  test('sign-up clears a field’s error as soon as its value is valid, and keeps the others', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto('/web/sign-up');
    await page.getByRole('button', { name: 'Create account' }).click();
    const first = page.getByRole('textbox', { name: 'First name' });
    const last = page.getByRole('textbox', { name: 'Last name' });
    await expect(first).toHaveAttribute('aria-invalid', 'true');
    await expect(last).toHaveAttribute('aria-invalid', 'true');
    await first.fill('Ana');
    await shot(page, 'sign-up-first-name-valid-360');
    await expect(first).not.toHaveAttribute('aria-invalid', 'true');
    await expect(last).toHaveAttribute('aria-invalid', 'true');
    // Emptied again, it says so again; filled, it clears again.
    await first.fill('');
    await expect(first).toHaveAttribute('aria-invalid', 'true');
    await first.fill('Ana');
    await last.fill('Ruiz');
    await expect(last).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('textbox', { name: 'Username' })).toHaveAttribute('aria-invalid', 'true');
  });
});

const PAGES = {
  en: {
    faq: ['Frequently asked questions', 'Which languages are there?'],
    terms: ['Terms and conditions', 'Your account'],
    privacy: ['Privacy policy', 'Who sees it'],
  },
  'zh-HK': { faq: ['常見問題', '提供哪些語言？'], terms: ['條款及細則', '你的帳戶'], privacy: ['私隱政策', '誰可以查看'] },
  es: {
    faq: ['Preguntas frecuentes', '¿En qué idiomas está disponible?'],
    terms: ['Términos y condiciones', 'Tu cuenta'],
    privacy: ['Política de privacidad', 'Quién lo ve'],
  },
} as const;

test.describe('FAQ, terms and privacy in three languages', () => {
  for (const [locale, pages] of Object.entries(PAGES)) {
    test(`read in ${locale}, with a switch to the others and no console error`, async ({ page }) => {
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(m.text());
      });
      page.on('pageerror', (e) => problems.push(e.message));
      await page.setViewportSize({ width: 320, height: 700 });
      for (const [name, [title, heading]] of Object.entries(pages)) {
        await page.goto(`/web/legal/${locale === 'en' ? '' : `${locale}/`}${name}.html`);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
        await expect(page).toHaveTitle(`${title} · Skillroom`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(
          0,
        );
        const current = page.locator('.langs [aria-current="page"]');
        await expect(current).toHaveAttribute('hreflang', locale);
        await expectAccessible(page, `${name} ${locale}`);
        await shot(page, `legal-${name}-${locale}-320`);
      }
      // The switch leads to the same page in another language.
      const other = locale === 'es' ? 'en' : 'es';
      await page.locator(`.langs a[hreflang="${other}"]`).click();
      await expect(page.locator('html')).toHaveAttribute('lang', other);
      await expect(page.getByRole('heading', { level: 1, name: PAGES[other].privacy[0] })).toBeVisible();
      expect(problems).toEqual([]);
    });
  }

  test('the app’s footer links to the pages in the reader’s language', async ({ page }) => {
    const account = await signUpViaApi(page, { preferredLanguage: 'zh-HK' });
    await signInViaApi(page, account.username, account.password);
    await page.addInitScript(() => localStorage.setItem('locale', 'zh-HK'));
    await page.goto('/web/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: /常見問題/ })).toHaveAttribute('href', '/web/legal/zh-HK/faq.html');
    await expect(footer.getByRole('link', { name: /私隱政策/ })).toHaveAttribute('href', '/web/legal/zh-HK/privacy.html');
  });
});

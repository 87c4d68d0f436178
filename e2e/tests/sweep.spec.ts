import path from 'node:path';
import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './hydrated-test';
import { expectAccessible, screenReady, signInViaApi } from './fixtures';
import { demoIds, fillPath, SWEEP_ROUTES, type DemoIds, type DemoUser, type SweepRoute } from './routes';

const LOCALES = ['en', 'es', 'zh-HK'] as const;
type Locale = (typeof LOCALES)[number];
// SWEEP_SCREENSHOTS=/some/folder keeps a picture of every screen, for a person to look at.
const shots = process.env.SWEEP_SCREENSHOTS;

async function setLanguage(page: Page, token: string, locale: Locale) {
  const userId = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { userid: number }).userid;
  const res = await page.request.patch(`/api/auth/v1/user/${userId}`, {
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/merge-patch+json' },
    data: { preferredLanguage: locale },
  });
  expect(res.ok()).toBe(true);
}

async function openScreen(browser: Browser, route: SweepRoute, ids: DemoIds, locale: Locale) {
  const context = await browser.newContext({ viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
  await page.addInitScript((l) => localStorage.setItem('locale', l), locale);
  if (route.as) {
    const { token } = await signInViaApi(page, route.as);
    await setLanguage(page, token, locale);
  }
  await page.goto(`/web${fillPath(route.path, ids)}`);
  await screenReady(page);
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  return { context, page, problems };
}

test.describe('every screen at 320 px, in every locale: no sideways scroll, no console error or warning, axe-clean', () => {
  let ids: DemoIds;
  const used = new Set<DemoUser>();

  test.beforeAll(async ({ request }) => {
    ids = await demoIds(request);
  });

  // The demo accounts speak English again for the other tests.
  test.afterAll(async ({ browser }) => {
    for (const user of used) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await setLanguage(page, (await signInViaApi(page, user)).token, 'en');
      await context.close();
    }
  });

  // A test per screen and locale: a screen in its three locales took up to 45 s of the 60 s timeout here.
  for (const route of SWEEP_ROUTES) {
    for (const locale of LOCALES) {
      test(`${route.name} in ${locale}`, async ({ browser }) => {
        if (route.as) used.add(route.as);
        const { context, page, problems } = await openScreen(browser, route, ids, locale);
        const where = `${route.name} in ${locale}`;
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${where}: sideways scroll in px`).toBeLessThanOrEqual(0);
        await expectAccessible(page, where);
        if (shots) await page.screenshot({ path: path.join(shots, `${route.name.replace(/\W+/g, '-')}-${locale}.png`), fullPage: true });
        expect(problems, `${where}: console`).toEqual([]);
        await context.close();
      });
    }
  }
});

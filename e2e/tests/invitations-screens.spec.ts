import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './hydrated-test';
import { expectAccessible, signInViaApi, signUpViaApi, unique } from './fixtures';

type Hydra<T> = { 'hydra:member': T[] };

/** A signed-in page at phone width in its own context, with its console watched and a token for the API. */
async function phone(browser: Browser, overrides: Record<string, unknown>) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  const account = await signUpViaApi(page, overrides);
  const { token } = await signInViaApi(page, account.username, account.password);
  const api = async <T>(method: 'GET' | 'POST', path: string, data?: unknown) => {
    const res = await page.request.fetch(`/api/auth/v1${path}`, { method, headers: { authorization: `Bearer ${token}` }, data });
    expect(res.ok(), `${method} ${path}`).toBe(true);
    return (await res.json()) as T;
  };
  return { page, context, problems, api };
}

/** The screen has its heading, has finished loading, fits the phone and passes axe. */
async function check(page: Page, locale: string, what: string) {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await expect(page.locator('main .animate-spin')).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what}: no sideways scroll at 360 px`).toBeLessThanOrEqual(0);
  await expectAccessible(page, `${what} (${locale}, 360 px)`);
}

/** A teacher with a class and a student, a teacher who asked to join it, and a parent who asked for the student. */
async function scene(browser: Browser, locale: string) {
  const t = await phone(browser, { preferredLanguage: locale, firstName: 'Lin', lastName: 'Teacher' });
  const joiner = await phone(browser, { preferredLanguage: locale, firstName: 'Joe', lastName: 'Joiner' });
  const parent = await phone(browser, { preferredLanguage: locale, firstName: 'Pia', lastName: 'Parent', accountTypeRadio: 'parent_user' });
  const cls = await t.api<{ id: number; invitationCode: string }>('POST', '/teaching-class', {
    name: unique('Cedar '),
    year: 2026,
    start: '2026-09-01',
    end: '2027-07-15',
  });
  const place = await t.api<{ id: number; invitationCode: string }>('POST', '/teaching-class-student', {
    teachingClass: cls.id,
    firstName: 'Noa',
    lastName: 'Berg',
  });
  await joiner.api('POST', '/teaching-class-teacher-invitation', { invitationCode: cls.invitationCode });
  await parent.api('POST', '/student-profile-user-invitation', { invitationCode: place.invitationCode });
  return { t, joiner, parent, cls, place };
}

/** No console error or warning on any of the three pages, which are then closed. */
async function finish(...pages: Awaited<ReturnType<typeof phone>>[]) {
  for (const who of pages) {
    expect(who.problems).toEqual([]);
    await who.context.close();
  }
}

// A test per group of screens and locale: a sweep of every screen in one test took two thirds of its timeout. Each signs up
// three people first and took 15 to 20 s here, so each has 90 s.
for (const locale of ['en', 'es', 'zh-HK'] as const) {
  test.describe(`the invitation and notification screens at 360 px in ${locale}`, () => {
    test.describe.configure({ timeout: 90_000 });
    test("the teacher's dashboard, notifications and bell", async ({ browser }) => {
      const { t, joiner, parent } = await scene(browser, locale);
      for (const [path, what] of [
        ['/web/', 'teacher dashboard with Join a class'],
        ['/web/notifications', 'notification list'],
      ] as const) {
        await t.page.goto(path);
        await check(t.page, locale, what);
      }
      // The bell (its name is in the page's language): the first header button that opens a panel.
      await t.page.locator('header button[aria-controls]').first().click();
      await expect(t.page.locator('header section[aria-labelledby]')).toBeVisible();
      await expectAccessible(t.page, `notification dropdown (${locale}, 360 px)`);
      expect(await t.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await finish(t, joiner, parent);
    });

    test('the teachers and family access screens', async ({ browser }) => {
      const { t, joiner, parent, cls, place } = await scene(browser, locale);
      for (const [path, what] of [
        [`/web/teaching-class/${cls.id}/teachers`, 'teachers screen'],
        [`/web/teaching-class/${cls.id}/student/${place.id}/manage`, 'family access'],
        [`/web/student/${place.id}/manage`, 'family access by the short path'],
      ] as const) {
        await t.page.goto(path);
        await check(t.page, locale, what);
      }
      await finish(t, joiner, parent);
    });

    test('the dashboards of a co-teacher and a parent who wait for an answer', async ({ browser }) => {
      const { t, joiner, parent } = await scene(browser, locale);
      await joiner.page.goto('/web/');
      await check(joiner.page, locale, 'dashboard with a pending request to join');
      await parent.page.goto('/web/');
      await check(parent.page, locale, 'parent dashboard with a pending link');
      await finish(t, joiner, parent);
    });

    test("an accepted parent's student page and dashboard", async ({ browser }) => {
      const { t, joiner, parent, cls, place } = await scene(browser, locale);
      const requests = await t.api<Hydra<{ id: number }>>(
        'GET',
        `/student-profile-user-invitations?teachingClass.id=${cls.id}&isPending=1`,
      );
      await t.api('POST', `/student-profile-user-invitation/${requests['hydra:member'][0]!.id}/accept`);
      await parent.page.goto(`/web/student/${place.id}`);
      await expect(parent.page.getByRole('heading', { level: 1, name: 'Noa Berg' })).toBeVisible();
      await check(parent.page, locale, 'student page of a parent');
      await parent.page.goto('/web/');
      await check(parent.page, locale, 'parent dashboard with a student');
      await finish(t, joiner, parent);
    });
  });
}

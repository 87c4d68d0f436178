import path from 'node:path';
import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './hydrated-test';
import { expectAccessible, signInViaApi, signUpViaApi } from './fixtures';
import { API, apiPost, shots, teacherWithClass } from './rating-helpers';

/** Issue 36: the students are the class page; its details fold away, and waiting family requests stand above the grid. */

type Locale = 'en' | 'es' | 'zh-HK';

// Thirty names of the lengths a class has, a few long ones among them.
const FIRST = ['Ana', 'Ben', 'Cara', 'Dmitri', 'Ella', 'Farah', 'Gabriel', 'Hana', 'Iker', 'Jun', 'Kofi', 'Lucía', 'Mateo', 'Nia', 'Oscar'];
const LAST = ['Lima', 'Okoro', 'Novak', 'Fernández-Castillo', 'Taylor', 'Haddad', 'Wong', 'Schmidt', 'Mensah', 'Ivanova'];
const NAMES = Array.from({ length: 30 }, (_, i) => [FIRST[i % FIRST.length]!, LAST[(i * 7) % LAST.length]!] as const);

/** A teacher (in the locale) with a class of 30 students, added in one roster import. */
async function bigClass(page: Page, locale: Locale) {
  const { token, cls } = await teacherWithClass(page, locale, { grade: '3' });
  const text = ['First name\tLast name', ...NAMES.map(([f, l]) => `${f}\t${l}`)].join('\n');
  await apiPost(page, token, '/teaching-class-student/import', { teachingClass: cls.id, text, dryRun: false });
  return { token, classId: cls.id };
}

/** How many of the class's student tiles are wholly on screen, the page unscrolled. */
async function tilesOnScreen(page: Page) {
  await expect(page.locator('#class-students-title')).toBeVisible();
  await expect(page.locator('section[aria-labelledby="class-students-title"] li').nth(30)).toBeAttached();
  return page.evaluate(() => {
    const items = Array.from(document.querySelectorAll('section[aria-labelledby="class-students-title"] ul > li'));
    return items.filter((li) => {
      if (!li.querySelector('a[href*="/student/"]')) return false; // "Whole class" is no student
      const r = li.getBoundingClientRect();
      return r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
    }).length;
  });
}

const sideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function snap(page: Page, name: string) {
  await page.screenshot({ path: path.join(shots, `class-page-${name}.png`) });
}

test.describe('the class page puts its students first (issue 36)', () => {
  for (const locale of ['en', 'es', 'zh-HK'] as const) {
    test(`at 360×740 in ${locale}, six students or more show without scrolling`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      const { classId } = await bigClass(page, locale);
      await page.goto(`/web/teaching-class/${classId}`);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      expect(await tilesOnScreen(page)).toBeGreaterThanOrEqual(6);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await snap(page, `360-${locale}`);
      await page.setViewportSize({ width: 320, height: 640 });
      expect(await sideScroll(page)).toBeLessThanOrEqual(0);
      await snap(page, `320-${locale}`);
      await page.setViewportSize({ width: 1280, height: 800 });
      await snap(page, `1280-${locale}`);
      await context.close();
    });
  }

  test('at 1280×800 the first student is above the fold; the details, export and letters are one tap away', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const { classId } = await bigClass(page, 'en');
    await page.goto(`/web/teaching-class/${classId}`);
    // Names in order: "Ana Haddad" comes first.
    const first = page.getByRole('button', { name: 'Rate Ana Haddad' });
    await expect(first).toBeInViewport({ ratio: 1 });
    const details = page.getByText('Class details', { exact: true });
    await expect(page.getByRole('button', { name: 'Export class' })).toBeHidden();
    await details.click();
    await expect(page.getByRole('button', { name: 'Export class' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print family letters' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy Class code' })).toBeVisible();
    await expectAccessible(page, 'class page, details open');
    await context.close();
  });
});

/** A parent account in its own context asks to follow a student of the class with the place's code. */
async function familyAsks(browser: Browser, places: { invitationCode: string }[]) {
  const family = await browser.newContext();
  const page = await family.newPage();
  for (const [i, place] of places.entries()) {
    const account = await signUpViaApi(page, { firstName: `Parent${i}`, lastName: 'Family', accountTypeRadio: 'parent_user' });
    const { token } = await signInViaApi(page, account.username, account.password);
    const res = await page.request.post(`${API}/student-profile-user-invitation`, {
      headers: { authorization: `Bearer ${token}` },
      data: { invitationCode: place.invitationCode },
    });
    expect(res.status()).toBe(201);
  }
  await family.close();
}

test.describe('waiting family requests are one tap from the bell and stay near the top (issue 36)', () => {
  test('the bell’s group opens the requests themselves; read or not, they stay above the students until answered', async ({ browser }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console: ${m.text()}`);
    });
    const { token, classId } = await bigClass(page, 'en');
    const places = await page.request.get(`${API}/teaching-class-students?teachingClass.id=${classId}&itemsPerPage=30`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const members = ((await places.json()) as { 'hydra:member': { invitationCode: string }[] })['hydra:member'];
    await familyAsks(browser, members.slice(0, 3));

    await page.goto('/web/');
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName('Notifications, 3 unread');
    await bell.click();
    // One tap: the grouped line lands on the requests, ready to answer.
    await page.getByRole('button', { name: /3 family requests/ }).click();
    await expect(page).toHaveURL(new RegExp(`/web/teaching-class/${classId}#family-requests$`));
    const acceptAll = page.getByRole('button', { name: 'Accept all (3)' });
    await expect(acceptAll).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('heading', { name: 'Family requests (3)' })).toBeFocused();
    await expect(bell).toHaveAccessibleName('Notifications');
    await snap(page, 'requests-from-bell-360');
    await expectAccessible(page, 'class page opened from the bell');

    // Read, the requests still wait: opened afresh, the banner is on the first screen, above the students.
    await page.goto(`/web/teaching-class/${classId}`);
    const banner = page.getByRole('region', { name: 'Family requests (3)' });
    await expect(banner).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await tilesOnScreen(page)).toBeGreaterThanOrEqual(3);
    await snap(page, 'requests-banner-360');
    const show = banner.getByRole('button', { name: 'Show requests' });
    await expect(show).toHaveAttribute('aria-expanded', 'false');
    await show.click();
    await expect(banner.getByRole('button', { name: 'Accept all (3)' })).toBeVisible();
    await expect(banner.getByRole('listitem')).toHaveCount(3);

    // Answered, it is gone.
    await banner.getByRole('button', { name: 'Accept all (3)' }).click();
    await page.getByRole('dialog', { name: 'Accept all 3 family requests?' }).getByRole('button', { name: 'Accept all' }).click();
    await expect(page.getByText('3 family requests accepted.')).toBeVisible();
    await expect(page.getByRole('region', { name: /Family requests/ })).toHaveCount(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});

import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './hydrated-test';
import { expectAccessible, signInViaApi, signUpViaApi, unique } from './fixtures';

/** A signed-in page in its own browser context, with its token for API calls and the console's errors collected. */
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
  const call = (method: 'GET' | 'POST', path: string, data?: unknown) =>
    page.request.fetch(`/api/auth/v1${path}`, { method, headers: { authorization: `Bearer ${token}` }, data });
  const api = async <T>(method: 'GET' | 'POST', path: string, data?: unknown) => {
    const res = await call(method, path, data);
    expect(res.ok(), `${method} ${path}: ${res.status()}`).toBe(true);
    return (await res.json()) as T;
  };
  return { page, context, problems, api, call, email: account.email };
}

const sideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe('approving families on the class page (DESIGN §8)', () => {
  test('several parents ask; the teacher sees them with e-mails, rejects one and accepts the rest at once', async ({ browser }) => {
    // Five accounts, the app's first load and two accessibility readings: about 30 s on a shared machine.
    test.setTimeout(90_000);
    const t = await person(browser, { firstName: 'Tess', lastName: 'Teacher' });
    const className = unique('Birch ');
    const cls = await t.api<{ id: number }>('POST', '/teaching-class', {
      name: className,
      year: 2026,
      start: '2026-09-01',
      end: '2027-07-15',
    });
    const add = (firstName: string, lastName: string) =>
      t.api<{ id: number; invitationCode: string }>('POST', '/teaching-class-student', { teachingClass: cls.id, firstName, lastName });
    const mia = await add('Mia', 'Lind');
    const noah = await add('Noah', 'Berg');
    const omar = await add('Omar', 'Diaz');

    // Four families ask through the API: two for Mia (one of them a stranger who got hold of her code). They sign up
    // and ask in one browser context of their own, which later signs in as each of them in turn.
    const family = await browser.newContext();
    const familyPage = await family.newPage();
    const ask = async (first: string, last: string, place: { id: number; invitationCode: string }, student: string) => {
      const account = await signUpViaApi(familyPage, { firstName: first, lastName: last, accountTypeRadio: 'parent_user' });
      const login = await familyPage.request.post('/api/public/v1/login_check', {
        data: { username: account.username, password: account.password },
      });
      const { token } = (await login.json()) as { token: string };
      const res = await familyPage.request.post('/api/auth/v1/student-profile-user-invitation', {
        headers: { authorization: `Bearer ${token}` },
        data: { invitationCode: place.invitationCode },
      });
      expect(res.status()).toBe(201);
      return { ...account, name: `${first} ${last}`, place, student, token };
    };
    const pat = await ask('Pat', 'Lind', mia, 'Mia Lind');
    const sam = await ask('Sam', 'Unknown', mia, 'Mia Lind');
    const rae = await ask('Rae', 'Berg', noah, 'Noah Berg');
    const lou = await ask('Lou', 'Diaz', omar, 'Omar Diaz');
    const parents = [pat, sam, rae, lou];

    // The student's own family-access screen shows the e-mail too.
    await t.page.goto(`/web/teaching-class/${cls.id}/student/${mia.id}/manage`);
    await expect(t.page.getByRole('heading', { name: 'Requests (2)' })).toBeVisible();
    await expect(t.page.getByText(pat.email)).toBeVisible();

    // The four "request received" notifications read as one line in the bell, which opens the class page at its requests.
    const bell = t.page.getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName('Notifications, 4 unread');
    await bell.click();
    await t.page.getByRole('button', { name: /4 family requests/ }).click();
    await expect(t.page).toHaveURL(new RegExp(`/web/teaching-class/${cls.id}#family-requests$`));
    await expect(bell).toHaveAccessibleName('Notifications');
    const panel = t.page.getByRole('region', { name: 'Family requests (4)' });
    await expect(panel).toBeVisible();
    for (const p of parents) {
      const card = panel.getByRole('listitem').filter({ hasText: p.name });
      await expect(card.getByText(p.email)).toBeVisible();
      await expect(card.getByText('Parent', { exact: true })).toBeVisible();
      await expect(card.getByRole('link', { name: p.student })).toBeVisible();
    }
    await expect(panel.getByText('2 people ask to follow this student')).toHaveCount(2);
    await expectAccessible(t.page, 'class page with family requests');

    // At 360 px the requests read as cards; at 320 px nothing scrolls sideways.
    await t.page.setViewportSize({ width: 360, height: 800 });
    await panel.scrollIntoViewIfNeeded();
    await t.page.screenshot({ path: test.info().outputPath('family-requests-360.png'), fullPage: true });
    await t.page.setViewportSize({ width: 320, height: 700 });
    expect(await sideScroll(t.page)).toBeLessThanOrEqual(0);
    await t.page.setViewportSize({ width: 1280, height: 900 });
    await t.page.screenshot({ path: test.info().outputPath('family-requests-1280.png'), fullPage: true });

    // The stranger is rejected from the keyboard; focus stays in the panel.
    await panel.getByRole('button', { name: 'Reject the request of Sam Unknown to follow Mia Lind' }).focus();
    await t.page.keyboard.press('Enter');
    await expect(t.page.getByText('The request of Sam Unknown was rejected.')).toBeVisible();
    const rest = t.page.getByRole('region', { name: 'Family requests (3)' });
    await expect(rest).toBeVisible();
    await expect(rest.getByText(sam.email)).toHaveCount(0);
    await expect(rest.getByRole('heading', { name: 'Family requests (3)' })).toBeFocused();

    // Accept all asks first, then links the three others at once.
    await rest.getByRole('button', { name: 'Accept all (3)' }).click();
    const dialog = t.page.getByRole('dialog', { name: 'Accept all 3 family requests?' });
    await expect(dialog).toBeVisible();
    await expectAccessible(t.page, 'accept-all dialog');
    await dialog.getByRole('button', { name: 'Accept all' }).click();
    await expect(t.page.getByText('3 family requests accepted.')).toBeVisible();
    await expect(t.page.getByRole('region', { name: /Family requests/ })).toHaveCount(0);
    await expect(t.page.getByRole('heading', { name: /^Students/ })).toBeFocused();

    // Each accepted parent's child page works; the stranger has nothing.
    const problems: string[] = [];
    familyPage.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    for (const p of [pat, rae, lou]) {
      await signInViaApi(familyPage, p.username, p.password);
      await familyPage.goto(`/web/student/${p.place.id}`);
      await expect(familyPage.getByRole('heading', { level: 1, name: p.student })).toBeVisible();
      await expect(familyPage.getByText(`Class: ${className}`)).toBeVisible();
    }
    const stranger = await familyPage.request.get(`/api/auth/v1/teaching-class-student/${mia.id}`, {
      headers: { authorization: `Bearer ${sam.token}` },
    });
    expect(stranger.status()).toBe(404);
    expect([...t.problems, ...problems]).toEqual([]);
    await t.context.close();
    await family.close();
  });
});

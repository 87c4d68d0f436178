import path from 'node:path';
import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './hydrated-test';
import { parentOfAna } from './family-helpers';
import { expectAccessible, PNG_48, screenReady } from './fixtures';
import { API, apiPost, expectNoSideScroll, shots } from './rating-helpers';

/** DESIGN §11 messages: a family writes about its child, a teacher answers, the family sees that it was read. */

const snap = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `messages-${name}.png`), fullPage: true });

/** The user's preferred language (the app follows it): PATCHed with the page's own session, then the stored locale. */
async function setLanguage(page: Page, locale: string) {
  const status = await page.evaluate(async (l) => {
    const token = decodeURIComponent(document.cookie.match(/(?:^|; )BEARER=([^;]+)/)?.[1] ?? '');
    const { userid } = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { userid: number };
    const res = await fetch(`/api/auth/v1/user/${userid}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ preferredLanguage: l }),
    });
    localStorage.setItem('locale', l);
    return res.status;
  }, locale);
  expect(status).toBe(200);
}

/** The page's own session token (its BEARER cookie), for seeding through the API as that user. */
async function tokenOf(page: Page) {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'BEARER');
  return decodeURIComponent(cookie!.value);
}

/** The ISO weekday two days from now in UTC (the creator's zone here): a time never inside office hours on that day alone. */
const dayAfterTomorrow = () => ((new Date().getUTCDay() + 2 + 6) % 7) + 1;
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** A teacher at 1280 px and a parent at 360 px, each in a browser of their own, and the console errors of both. */
async function teacherAndParent(browser: Browser) {
  const teacher = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const parent = await (await browser.newContext({ viewport: { width: 360, height: 780 } })).newPage();
  const problems: string[] = [];
  for (const p of [teacher, parent]) p.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  return { teacher, parent, problems };
}

test.describe('messages between a family and the teachers', () => {
  test('a parent writes at 360 px, the teacher answers from the bell, the parent sees "Seen by"', async ({ browser }) => {
    test.setTimeout(120_000);
    const { teacher, parent, problems } = await teacherAndParent(browser);
    const { placeId } = await parentOfAna(teacher, parent);

    // The family starts from the child's page.
    await parent.goto(`/web/student/${placeId}`);
    await screenReady(parent);
    await parent.getByRole('link', { name: 'Message the teachers' }).click();
    await screenReady(parent);
    const box = parent.getByLabel('Your message');
    await box.fill('Ana was ill yesterday. She is better today.');
    await parent.getByRole('button', { name: 'Send' }).press('Enter');
    await expect(parent).toHaveURL(/\/web\/messages\/\d+$/);
    await expect(parent.getByText('Ana was ill yesterday. She is better today.')).toBeVisible();
    await expect(parent.getByText('Not seen yet')).toBeVisible();
    await expectNoSideScroll(parent);
    // The parent waits on the dashboard (an open conversation would read the answer as it arrives).
    await parent.goto('/web/');
    await screenReady(parent);
    await expect(parent.getByRole('button', { name: 'Menu', exact: true })).toBeVisible();

    // The teacher hears of it in the bell, opens the conversation (reading it), and answers.
    await teacher.goto('/web/');
    await screenReady(teacher);
    await teacher.getByRole('button', { name: /Notifications/ }).click();
    await teacher.getByRole('button', { name: /Message from Pat Parent/ }).click();
    await expect(teacher).toHaveURL(/\/web\/messages\/\d+$/);
    await expect(teacher.getByText('Ana was ill yesterday. She is better today.')).toBeVisible();
    await teacher.getByLabel('Your message').fill('Thank you for letting us know.');
    await teacher.getByRole('button', { name: 'Send' }).click();
    await expect(teacher.getByText('Thank you for letting us know.')).toBeVisible();

    // At 360 px the Messages link is inside the closed menu: as the answer arrives, the menu's button shows the unread
    // conversation and says so, beside the bell's own count. The parent opens it from there.
    const menu = parent.getByRole('button', { name: 'Menu, 1 conversation with unread messages' });
    await expect(menu).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu.getByTestId('menu-messages-badge')).toHaveText('1');
    await expect(parent.getByRole('button', { name: /^Notifications, \d+ unread$/ })).toBeVisible();
    await expectNoSideScroll(parent);
    await snap(parent, 'menu-unread-360-en');
    await menu.click();
    await parent
      .getByRole('navigation', { name: 'Menu' })
      .getByRole('link', { name: /^Messages.*1 unread$/ })
      .click();
    await parent.getByRole('link', { name: /Ana Lima/ }).click();

    // The parent sees the answer, and that the teacher read their message; read, the menu's count is gone.
    await expect(parent.getByText('Thank you for letting us know.')).toBeVisible();
    await expect(parent.getByRole('button', { name: 'Menu', exact: true })).toBeVisible();
    await expect(parent.getByTestId('menu-messages-badge')).toHaveCount(0);
    await expect(parent.getByText(/^Seen by .+ at \d\d\/\d\d\/\d{4} \d\d:\d\d$/)).toBeVisible();
    await expectAccessible(parent, 'conversation');
    await snap(parent, '360-en');
    await parent.setViewportSize({ width: 320, height: 700 });
    await expectNoSideScroll(parent);
    await snap(parent, '320-en');

    // The list: child, class, last message; the teacher's unread count is gone once read.
    await teacher.goto('/web/messages');
    await screenReady(teacher);
    await expect(teacher.getByRole('link', { name: /Ana Lima/ })).toBeVisible();
    await expect(teacher.getByText(/unread/)).toHaveCount(0);
    await snap(teacher, 'list-1280-en');

    for (const locale of ['es', 'zh-HK'] as const) {
      await setLanguage(parent, locale);
      await parent.reload();
      await screenReady(parent);
      await expect(parent.locator('html')).toHaveAttribute('lang', locale);
      for (const width of [320, 360, 1280]) {
        await parent.setViewportSize({ width, height: 780 });
        await expectNoSideScroll(parent);
        await snap(parent, `${width}-${locale}`);
      }
    }
    await parent.setViewportSize({ width: 1280, height: 780 });
    await setLanguage(parent, 'en');
    await parent.reload();
    await screenReady(parent);
    await snap(parent, '1280-en');
    expect(problems).toEqual([]);
  });

  test('office hours, earlier pages, a photo seen live with the header count, and the answer', async ({ browser }) => {
    test.setTimeout(240_000);
    const { teacher, parent, problems } = await teacherAndParent(browser);
    const { placeId, className } = await parentOfAna(teacher, parent);
    const [teacherToken, parentToken] = [await tokenOf(teacher), await tokenOf(parent)];

    // The teacher sets office hours on the class form: one day only, so that now is outside them.
    const classes = await (
      await teacher.request.get(`${API}/teaching-classes`, { headers: { authorization: `Bearer ${teacherToken}` } })
    ).json();
    const classId = (classes['hydra:member'] as { id: number; name: string }[]).find((c) => c.name === className)!.id;
    await teacher.goto(`/web/teaching-class/${classId}/edit`);
    await screenReady(teacher);
    await teacher.getByRole('checkbox', { name: 'Set office hours' }).check();
    for (const [i, day] of WEEKDAYS.entries()) await teacher.getByRole('checkbox', { name: day }).setChecked(i + 1 === dayAfterTomorrow());
    await teacher.getByLabel('From').fill('07:30');
    await teacher.getByLabel('Until').fill('16:00');
    await expectAccessible(teacher, 'class form with office hours');
    await teacher.getByRole('button', { name: 'Save' }).click();
    await expect(teacher).not.toHaveURL(/\/edit$/);

    // 55 earlier messages: the conversation opens on the newest 50, the rest one click away.
    const place = `${API}/teaching-class-student/${placeId}`;
    const first = await apiPost<{ conversation: string }>(parent, parentToken, '/message', {
      teachingClassStudent: place,
      text: 'Earlier note 1',
    });
    for (let i = 2; i <= 55; i++)
      await apiPost(parent, parentToken, '/message', { conversation: first.conversation, text: `Earlier note ${i}` });
    const convId = Number(first.conversation.split('/').pop());
    await teacher.goto(`/web/messages/${convId}`);
    await screenReady(teacher);
    await expect(teacher.getByText('Earlier note 55', { exact: true })).toBeVisible();
    await expect(teacher.getByText('Earlier note 5', { exact: true })).toHaveCount(0);
    await teacher.getByRole('button', { name: 'Show earlier messages' }).click();
    await expect(teacher.getByText('Earlier note 1', { exact: true })).toBeVisible();
    await expect(teacher.getByRole('button', { name: 'Show earlier messages' })).toHaveCount(0);

    // The teacher waits on the dashboard; the parent sends a photo, outside office hours.
    await teacher.goto('/web/');
    await screenReady(teacher);
    await expect(teacher.getByTestId('messages-badge')).toHaveCount(0);
    await parent.goto(`/web/messages/${convId}`);
    await screenReady(parent);
    await parent.locator('input[data-media-type="34"]').setInputFiles({ name: 'tower.png', mimeType: 'image/png', buffer: PNG_48 });
    await parent.getByLabel('Your message').fill('Look at the tower she built <b>today</b>');
    await expect(parent.getByRole('button', { name: 'Send' })).toBeEnabled();
    await parent.getByRole('button', { name: 'Send' }).click();
    await expect(parent.getByText(/expect an answer from/)).toBeVisible();
    const mine = parent.getByRole('listitem').filter({ hasText: 'Look at the tower she built <b>today</b>' });
    await expect(mine.locator('img').first()).toBeVisible();
    await expectNoSideScroll(parent);
    await snap(parent, 'photo-360-en');

    // Live: the header counts the conversation, the teacher opens it and sees the photo, then the next message arrives.
    await expect(teacher.getByTestId('messages-badge')).toHaveText('1');
    await teacher.getByRole('link', { name: /^Messages.*1 unread$/ }).click();
    await teacher.getByRole('link', { name: /Ana Lima/ }).click();
    const photoBubble = teacher.getByRole('listitem').filter({ hasText: 'Look at the tower she built <b>today</b>' });
    await expect(photoBubble.locator('img').first()).toBeVisible();
    await expect(teacher.getByTestId('messages-badge')).toHaveCount(0);
    await apiPost(parent, parentToken, '/message', { conversation: first.conversation, text: 'She wants to show it in class.' });
    await expect(teacher.getByText('She wants to show it in class.')).toBeVisible();
    await teacher.getByLabel('Your message').fill('Please bring it on Monday!');
    await teacher.getByRole('button', { name: 'Send' }).click();
    await expect(parent.getByText('Please bring it on Monday!')).toBeVisible();
    await snap(teacher, 'photo-1280-en');

    for (const locale of ['es', 'zh-HK', 'en'] as const) {
      for (const p of [parent, teacher]) await setLanguage(p, locale);
      await parent.reload();
      await screenReady(parent);
      await expectNoSideScroll(parent);
      await snap(parent, `photo-360-${locale}`);
      await teacher.setViewportSize({ width: 360, height: 900 });
      await teacher.goto(`/web/teaching-class/${classId}/edit`);
      await screenReady(teacher);
      await expectNoSideScroll(teacher);
      await snap(teacher, `office-hours-360-${locale}`);
    }
    expect(problems).toEqual([]);
  });

  test('a teacher announces with a photo and a file; each family finds both in its own conversation', async ({ browser }) => {
    test.setTimeout(120_000);
    const { teacher, parent, problems } = await teacherAndParent(browser);
    const { classId } = await parentOfAna(teacher, parent);

    // From the class's details, the announcement: the conversation's own attachment field, a photo and a file.
    await teacher.goto(`/web/teaching-class/${classId}`);
    await screenReady(teacher);
    await teacher.getByText('Class details', { exact: true }).click();
    await teacher.getByRole('link', { name: 'Announce to families' }).click();
    await screenReady(teacher);
    await teacher.locator('input[data-media-type="34"]').setInputFiles({ name: 'sports-day.png', mimeType: 'image/png', buffer: PNG_48 });
    await teacher
      .locator('input[data-media-type="37"]')
      .setInputFiles({ name: 'sports-day.txt', mimeType: 'text/plain', buffer: Buffer.from('Bring a water bottle and a hat.') });
    await expect(teacher.getByRole('button', { name: 'Remove sports-day.png' })).toBeVisible();
    await expect(teacher.getByRole('button', { name: 'Remove sports-day.txt' })).toBeVisible();
    await teacher.getByLabel('Your message').fill('Sports day is on Friday: the programme is attached.');
    await expectAccessible(teacher, 'announcement with attachments');
    await teacher.getByRole('button', { name: 'Send to all families' }).click();
    await expect(teacher.getByText('Sent to 1 family.')).toBeVisible();
    // Sent, the field is empty again for the next one.
    await expect(teacher.getByRole('button', { name: 'Remove sports-day.png' })).toHaveCount(0);
    await snap(teacher, 'announce-1280-en');

    // The family, at 360 px, in its own conversation about Ana: the announcement with the photo and the file.
    await parent.goto('/web/messages');
    await screenReady(parent);
    await parent.getByRole('link', { name: /Ana Lima/ }).click();
    const bubble = parent.getByRole('listitem').filter({ hasText: 'Sports day is on Friday: the programme is attached.' });
    await expect(bubble.getByText('Announcement to all families')).toBeVisible();
    await expect(bubble.getByRole('img', { name: /sports-day\.png/ })).toBeVisible();
    await expect(bubble.getByRole('link', { name: /sports-day\.txt/ })).toBeVisible();
    await expect(parent.getByText('Your answer goes to the teachers only, never to the other families.')).toBeVisible();
    const file = await (
      await parent.request.get((await bubble.getByRole('link', { name: /sports-day\.txt/ }).getAttribute('href'))!)
    ).text();
    expect(file).toBe('Bring a water bottle and a hat.');
    await expectNoSideScroll(parent);
    await expectAccessible(parent, 'announcement received');
    await snap(parent, 'announce-received-360-en');
    expect(problems).toEqual([]);
  });
});

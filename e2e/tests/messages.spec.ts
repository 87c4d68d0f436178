import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { parentOfAna } from './family-helpers';
import { expectAccessible, screenReady } from './fixtures';
import { expectNoSideScroll, shots } from './rating-helpers';

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

test.describe('messages between a family and the teachers', () => {
  test('a parent writes at 360 px, the teacher answers from the bell, the parent sees "Seen by"', async ({ browser }) => {
    test.setTimeout(120_000);
    const teacher = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const parent = await (await browser.newContext({ viewport: { width: 360, height: 780 } })).newPage();
    const problems: string[] = [];
    for (const p of [teacher, parent]) p.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
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

    // The parent sees the answer, and that the teacher read their message.
    await parent.reload();
    await screenReady(parent);
    await expect(parent.getByText('Thank you for letting us know.')).toBeVisible();
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
});

import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './hydrated-test';
import { parentOfAna } from './family-helpers';
import { expectAccessible, screenReady } from './fixtures';
import { expectNoSideScroll, shots } from './rating-helpers';

const API = '/api/auth/v1';

/** The user's language, through the API (the app reads it on the next load). */
async function speak(page: Page, lang: string) {
  const cookies = await page.context().cookies();
  const token = cookies.find((c) => c.name === 'BEARER')!.value;
  const auth = { headers: { authorization: `Bearer ${token}` } };
  const id = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { userid: number }).userid;
  const res = await page.request.patch(`${API}/user/${id}`, { ...auth, data: { preferredLanguage: lang } });
  expect(res.ok(), await res.text()).toBe(true);
}

/** DESIGN §11: a family hearts and comments on their child's rating; the teacher is told, hides it; the family no longer sees it. */
test.describe('comments on ratings', () => {
  test('a parent comments and hearts at 360 px; the teacher sees it and the notice, hides it; the parent no longer sees it', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const teacher = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const parent = await (await browser.newContext({ viewport: { width: 360, height: 780 } })).newPage();
    const problems: string[] = [];
    for (const p of [teacher, parent]) p.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    const { placeId } = await parentOfAna(teacher, parent);

    await parent.goto(`/web/student/${placeId}`);
    await screenReady(parent);
    const heart = parent.getByRole('button', { name: '0 hearts' });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(parent.getByRole('button', { name: '1 heart' })).toHaveAttribute('aria-pressed', 'true');
    const toggle = parent.getByRole('button', { name: 'Comments (0)' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const box = parent.getByRole('textbox', { name: 'Add a comment' });
    await box.fill('She told us all about it at dinner!');
    await parent.getByRole('button', { name: 'Send' }).click();
    await expect(parent.getByRole('list', { name: 'Comments' }).getByText('She told us all about it at dinner!')).toBeVisible();
    await expect(parent.getByRole('button', { name: 'Comments (1)' })).toBeVisible();
    await expect(box).toHaveValue('');
    await expectNoSideScroll(parent);
    await expectAccessible(parent, 'thread open');

    // The teacher: the bell tells of it, the child's page shows it with Hide and Delete.
    await teacher.goto(`/web/student/${placeId}`);
    await screenReady(teacher);
    await teacher.getByRole('button', { name: /Notifications/ }).click();
    await expect(teacher.getByRole('button', { name: /New comment on a rating of Ana Lima/ })).toBeVisible();
    await teacher.keyboard.press('Escape');
    await teacher.getByRole('button', { name: 'Comments (1)' }).click();
    const thread = teacher.getByRole('list', { name: 'Comments' });
    await expect(thread.getByText('She told us all about it at dinner!')).toBeVisible();
    await expect(thread.getByRole('button', { name: /Delete the comment by Pat Parent/ })).toBeVisible();
    await thread.getByRole('button', { name: 'Hide the comment by Pat Parent from families' }).click();
    await expect(thread.getByText('Hidden from families')).toBeVisible();

    await parent.reload();
    await screenReady(parent);
    await expect(parent.getByRole('button', { name: 'Comments (0)' })).toBeVisible();
    await parent.getByRole('button', { name: 'Comments (0)' }).click();
    await expect(parent.getByText('No comments yet.')).toBeVisible();
    await expect(parent.getByText('She told us all about it at dinner!')).toHaveCount(0);

    // Shown again, for the screenshots of the thread in each language and width.
    await thread.getByRole('button', { name: 'Show the comment by Pat Parent to families again' }).click();
    await expect(thread.getByText('Hidden from families')).toHaveCount(0);
    for (const lang of ['en', 'zh-HK', 'es']) {
      await speak(parent, lang);
      for (const width of [320, 360, 1280]) {
        await parent.setViewportSize({ width, height: 900 });
        await parent.goto(`/web/student/${placeId}`);
        await screenReady(parent);
        const card = parent.locator('article').first();
        await card.getByRole('button', { name: /\(1\)|（1）/ }).click();
        await expect(card.getByText('She told us all about it at dinner!')).toBeVisible();
        await expectNoSideScroll(parent);
        await card.screenshot({ path: path.join(shots, `rating-comments-${lang}-${width}.png`) });
      }
    }
    expect(problems).toEqual([]);
  });
});

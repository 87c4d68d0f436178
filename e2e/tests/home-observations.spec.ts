import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './hydrated-test';
import { parentOfAna } from './family-helpers';
import { expectAccessible, PNG_48, screenReady } from './fixtures';
import { API, expectNoSideScroll, shots } from './rating-helpers';

/** The user's language, through the API (the app reads it on the next load). */
async function speak(page: Page, lang: string) {
  const cookies = await page.context().cookies();
  const token = cookies.find((c) => c.name === 'BEARER')!.value;
  const id = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { userid: number }).userid;
  const res = await page.request.patch(`${API}/user/${id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { preferredLanguage: lang },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The family shares one from the child's page: Communication, "Listens actively", a note, and a photo if given. */
async function share(parent: Page, note: string, photo: boolean) {
  const section = parent.getByRole('region', { name: 'From home' });
  await section.getByRole('button', { name: 'Add from home' }).click();
  const skill = section.getByRole('radio', { name: 'Communication' });
  if (photo) await skill.check({ force: true });
  else {
    // By keyboard: the skill's tiles are radios (drawn as tiles), their actions too.
    await skill.focus();
    await parent.keyboard.press('Space');
    await expect(skill).toBeChecked();
  }
  await section.getByRole('radio', { name: 'Listens actively' }).check();
  // Today by default (a family adds what happened lately); the date field says so.
  await expect(section.getByRole('textbox', { name: /Date/ })).not.toHaveValue('');
  await section.getByRole('textbox', { name: 'Note' }).fill(note);
  if (photo) {
    await section.locator('input[data-media-type="34"]').setInputFiles({ name: 'stairs.png', mimeType: 'image/png', buffer: PNG_48 });
    await expect(section.getByRole('img', { name: 'Photo stairs.png' })).toBeVisible();
    await expect(section.getByRole('button', { name: 'Send to the teacher' })).toBeEnabled();
  }
  await section.getByRole('button', { name: 'Send to the teacher' }).click();
  await expect(parent.getByText('Sent. A teacher will look at it.')).toBeVisible();
  await expect(section.getByRole('article').filter({ hasText: note }).getByText('Waiting for the teacher')).toBeVisible();
}

/** DESIGN §11: a family shares what the child did at home; the class's teachers approve it (a rating, "At home") or say why not. */
test.describe('home observations', () => {
  test('a parent shares two with a photo at 360 px; the teacher rejects one with a reason and approves the other', async ({
    browser,
  }) => {
    test.setTimeout(420_000);
    const teacher = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const parent = await (await browser.newContext({ viewport: { width: 360, height: 780 } })).newPage();
    const problems: string[] = [];
    for (const p of [teacher, parent]) p.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    const { classId, placeId } = await parentOfAna(teacher, parent);

    await parent.goto(`/web/student/${placeId}`);
    await screenReady(parent);
    await share(parent, 'Counted the stairs to the flat, up and down.', true);
    await expectNoSideScroll(parent);
    await share(parent, 'Sang the alphabet song in the bath.', false);
    await expectAccessible(parent, 'family page with two waiting');

    // The form itself, in each language at 360 px (and no sideways scroll at 320 px).
    for (const lang of ['en', 'zh-HK', 'es']) {
      await speak(parent, lang);
      await parent.setViewportSize({ width: 360, height: 780 });
      await parent.goto(`/web/student/${placeId}`);
      await screenReady(parent);
      const section = parent.locator('section', { has: parent.locator('[data-home-observation]') });
      await section.locator('button[aria-expanded="false"]').first().click();
      await expect(section.getByRole('radio').first()).toBeVisible();
      await section.screenshot({ path: path.join(shots, `home-observations-family-form-${lang}-360.png`) });
      await parent.setViewportSize({ width: 320, height: 780 });
      await expectNoSideScroll(parent);
    }
    await speak(parent, 'en');
    await parent.setViewportSize({ width: 360, height: 780 });

    // The teacher: the bell's notice opens the class at the banner, unfolded, with focus on it.
    await teacher.goto(`/web/teaching-class/${classId}`);
    await screenReady(teacher);
    await teacher.getByRole('button', { name: /Notifications/ }).click();
    await teacher.getByRole('button', { name: /From home: Ana Lima/ }).first().click();
    await expect(teacher).toHaveURL(/#home-observations$/);
    const banner = teacher.locator('#home-observations');
    await expect(banner).toHaveAccessibleName('From home (2)');
    await expect(banner.getByRole('heading', { name: 'From home (2)' })).toBeFocused();
    await expect(banner.getByRole('button', { name: 'Hide them' })).toHaveAttribute('aria-expanded', 'true');
    const stairs = banner.getByRole('article').filter({ hasText: 'Counted the stairs' });
    await expect(stairs.getByRole('heading', { name: 'Ana Lima' })).toBeVisible();
    await expect(stairs.getByRole('img')).toHaveCount(1);
    await expectAccessible(teacher, 'home observations unfolded');

    // The teacher's screens at 360 px in the three languages: one banner line above the students, then unfolded.
    for (const lang of ['en', 'zh-HK', 'es']) {
      await speak(teacher, lang);
      await teacher.setViewportSize({ width: 360, height: 740 });
      await teacher.goto(`/web/teaching-class/${classId}`);
      await screenReady(teacher);
      const section = teacher.locator(`#home-observations`);
      await expect(section).toBeVisible();
      const box = (await section.boundingBox())!;
      expect(box.height).toBeLessThan(90);
      await teacher.screenshot({ path: path.join(shots, `home-observations-class-${lang}-360.png`) });
      await section.locator('button[aria-expanded="false"]').click();
      await section.screenshot({ path: path.join(shots, `home-observations-list-${lang}-360.png`) });
      await teacher.setViewportSize({ width: 320, height: 740 });
      await expectNoSideScroll(teacher);
    }
    await speak(teacher, 'en');
    await teacher.setViewportSize({ width: 1280, height: 900 });
    // A full load (the language is read at load; the same address with a hash would only move within the page).
    await teacher.goto(`/web/teaching-class/${classId}`);
    await screenReady(teacher);
    await banner.getByRole('button', { name: 'Show them' }).click();

    // Reject, by keyboard: the reason is required, and the family reads it.
    const song = banner.getByRole('article').filter({ hasText: 'Sang the alphabet' });
    await song.getByRole('button', { name: 'Reject' }).focus();
    await teacher.keyboard.press('Enter');
    const dialog = teacher.getByRole('dialog', { name: /Ana Lima/ });
    await expect(dialog).toBeVisible();
    const reason = dialog.getByRole('textbox', { name: /Why not\?/ });
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(dialog.getByText('Say why it is not accepted.')).toBeVisible();
    await reason.focus();
    await teacher.keyboard.type('Please share one of a skill we work on in class this term.');
    await teacher.keyboard.press('Tab');
    await teacher.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Reject' })).toBeFocused();
    await teacher.screenshot({ path: path.join(shots, 'home-observations-reject-1280.png') });
    await teacher.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(teacher.getByText(/Not accepted\. The family of Ana Lima reads your reason\./)).toBeVisible();
    await expect(banner).toHaveAccessibleName('From home (1)');

    // Approve: the banner goes, the feed shows the rating marked "At home" with its photo.
    await stairs.getByRole('button', { name: 'Approve' }).click();
    await expect(teacher.getByText('Approved: it is now a rating of Ana Lima.')).toBeVisible();
    await expect(teacher.locator('#home-observations')).toHaveCount(0);
    const fromHome = teacher.getByRole('article').filter({ hasText: 'Counted the stairs' });
    await expect(fromHome.getByTestId('rating-at-home')).toHaveText('At home');
    await expect(fromHome.getByText('by Pat Parent')).toBeVisible();

    // The family sees both states, and the approved one in the feed.
    await parent.reload();
    await screenReady(parent);
    const mine = parent.getByRole('region', { name: 'From home' });
    await expect(mine.getByRole('article').filter({ hasText: 'Counted the stairs' }).getByText('Approved')).toBeVisible();
    const rejected = mine.getByRole('article').filter({ hasText: 'Sang the alphabet' });
    await expect(rejected.getByText('Not accepted: Please share one of a skill we work on in class this term.')).toBeVisible();
    await expect(parent.getByRole('article').filter({ hasText: 'Counted the stairs' }).getByTestId('rating-at-home')).toBeVisible();
    await expectNoSideScroll(parent);
    await expectAccessible(parent, 'family page with both answers');
    for (const lang of ['en', 'zh-HK', 'es']) {
      await speak(parent, lang);
      await parent.goto(`/web/student/${placeId}`);
      await screenReady(parent);
      await parent.locator('section', { has: parent.locator('[data-home-observation]') }).screenshot({
        path: path.join(shots, `home-observations-family-answered-${lang}-360.png`),
      });
    }

    // The child's report counts it apart.
    await speak(parent, 'en');
    await teacher.goto(`/web/teaching-class/${classId}/report`);
    await screenReady(teacher);
    await expect(teacher.getByText('1 at home').first()).toBeVisible();
    expect(problems).toEqual([]);
  });
});

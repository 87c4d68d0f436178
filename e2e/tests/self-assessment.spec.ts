import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './hydrated-test';
import { expectAccessible, PNG_48, screenReady, signInViaApi } from './fixtures';
import { API, expectNoSideScroll, shots } from './rating-helpers';

/** The demo's Ella Taylor signs in with her own account (DESIGN §12: linked to her place, in a class with the switch on). */
async function ellaPlace(page: Page, token: string) {
  const res = await page.request.get(`${API}/teaching-class-students`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), await res.text()).toBe(true);
  const place = ((await res.json()) as { 'hydra:member': { id: number; teachingClass: string }[] })['hydra:member'][0]!;
  return { placeId: place.id, classId: Number(place.teachingClass.split('/').pop()) };
}

async function speak(page: Page, token: string, lang: string) {
  const id = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { userid: number }).userid;
  const res = await page.request.patch(`${API}/user/${id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { preferredLanguage: lang },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** DESIGN §12: a student rates themself on a skill of the class; a teacher sees it beside the teachers' stage. */
test('a student rates herself at 360 px with a stage, a reflection and a photo; the teacher sees it on her page', async ({ browser }) => {
  test.setTimeout(300_000);
  const student = await (await browser.newContext({ viewport: { width: 360, height: 780 } })).newPage();
  const teacher = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const problems: string[] = [];
  for (const p of [teacher, student]) p.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  const { token } = await signInViaApi(student, 'student');
  const { placeId, classId } = await ellaPlace(student, token);

  await student.goto(`/web/student/${placeId}`);
  await screenReady(student);
  const section = student.getByRole('region', { name: 'Self-assessment' });
  await section.getByRole('button', { name: 'Rate myself' }).click();
  await expect(section.getByRole('combobox', { name: 'Skill' })).toBeVisible();
  // Stage names beside their points; by keyboard, as a phone's screen reader would.
  const secure = section.getByRole('radio', { name: 'Secure (4 points)' });
  await secure.focus();
  await student.keyboard.press('Space');
  await expect(secure).toBeChecked();
  const reflection = 'I explained the fraction game to my partner and she won the next round.';
  await section.getByRole('textbox', { name: 'My reflection' }).fill(reflection);
  await section.locator('input[data-media-type="34"]').setInputFiles({ name: 'work.png', mimeType: 'image/png', buffer: PNG_48 });
  await expect(section.getByRole('img', { name: 'Photo work.png' })).toBeVisible();
  await section.screenshot({ path: path.join(shots, 'self-assessment-form-en-360.png') });
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(student.getByText('Your self-assessment is saved.')).toBeVisible();
  await expect(section.getByRole('listitem').filter({ hasText: reflection })).toContainText('Secure');
  await expectNoSideScroll(student);
  await expectAccessible(student, 'student page with self-assessment');

  // The form and the list in each language at 360 px, and no sideways scroll at 320 px.
  for (const lang of ['zh-HK', 'es', 'en']) {
    await speak(student, token, lang);
    await student.setViewportSize({ width: 360, height: 780 });
    await student.goto(`/web/student/${placeId}`);
    await screenReady(student);
    // Found by its mark, whatever the language of its heading.
    const region = student.locator('section[data-self-assessments]');
    await region.locator('button[aria-expanded="false"]').click();
    await expect(region.getByRole('radio').first()).toBeVisible();
    await region.screenshot({ path: path.join(shots, `self-assessment-${lang}-360.png`) });
    await student.setViewportSize({ width: 320, height: 780 });
    await expectNoSideScroll(student);
  }

  // The teacher: the list with the stage, the reflection and the date; her stage beside the teachers'.
  await signInViaApi(teacher, 'teacher');
  await teacher.goto(`/web/teaching-class/${classId}/student/${placeId}`);
  await screenReady(teacher);
  const seen = teacher.getByRole('region', { name: 'Self-assessment' });
  await expect(seen.getByRole('listitem').filter({ hasText: reflection })).toContainText('Secure (4 points)');
  await expect(seen.getByText(/^Self: /).first()).toBeVisible();
  await expect(seen.getByRole('button', { name: 'Rate myself' })).toHaveCount(0);
  await seen.screenshot({ path: path.join(shots, 'self-assessment-teacher-1280.png') });
  await teacher.setViewportSize({ width: 360, height: 780 });
  await seen.screenshot({ path: path.join(shots, 'self-assessment-teacher-360.png') });
  await expectNoSideScroll(teacher);

  // The class report's growth grid: her own stage in her cell, apart from the teachers' tone (DESIGN §12), on a laptop
  // and on a phone.
  await teacher.setViewportSize({ width: 1280, height: 900 });
  await teacher.goto(`/web/teaching-class/${classId}/report`);
  await screenReady(teacher);
  const grid = teacher.getByTestId('growth-grid');
  const row = grid.getByRole('row').filter({ has: teacher.getByRole('rowheader', { name: 'Ella Taylor' }) });
  await expect(row).toContainText('Self: Secure');
  await expect(teacher.getByText(/“Self” is the student's own newest self-assessment/)).toBeVisible();
  await row.screenshot({ path: path.join(shots, 'self-assessment-class-grid-1280.png') });
  await teacher.setViewportSize({ width: 360, height: 780 });
  const card = teacher.getByTestId('growth-cards').getByRole('listitem').filter({ hasText: 'Ella Taylor' });
  await expect(card).toContainText('Self: Secure');
  await card.screenshot({ path: path.join(shots, 'self-assessment-class-card-360.png') });
  await expectNoSideScroll(teacher);
  await expectAccessible(teacher, 'class report with self-assessments in its growth grid');
  expect(problems).toEqual([]);
});

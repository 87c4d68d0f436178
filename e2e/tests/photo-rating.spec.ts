import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './hydrated-test';
import { expectAccessible, PNG_48, signUpViaApi } from './fixtures';
import { API, apiPost, classWithStudents, expectNoSideScroll, shots } from './rating-helpers';

/** Issue 36 §3: a photo rating from a phone, camera first, with thumbnails before saving. */

/** A silent PCM WAV file of `seconds`, whose length the browser reads from its header. */
function wav(seconds: number, rate = 8000) {
  const n = seconds * rate;
  const b = Buffer.alloc(44 + n, 128);
  b.write('RIFF', 0);
  b.writeUInt32LE(36 + n, 4);
  b.write('WAVEfmt ', 8);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20); // PCM
  b.writeUInt16LE(1, 22); // mono
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate, 28);
  b.writeUInt16LE(1, 32);
  b.writeUInt16LE(8, 34);
  b.write('data', 36);
  b.writeUInt32LE(n, 40);
  return b;
}

/** The three students of `classWithStudents` and 27 more: a class of 30. */
async function classOf30(page: Page, preferredLanguage = 'en') {
  const made = await classWithStudents(page, preferredLanguage);
  for (let i = 1; i <= 27; i++)
    await apiPost(page, made.token, '/teaching-class-student', { teachingClass: made.classId, firstName: 'Pupil', lastName: `Number${i}` });
  return made;
}

const photo = { name: 'photo1.png', mimeType: 'image/png', buffer: PNG_48 };

test.use({ viewport: { width: 360, height: 740 } });

test.describe('a photo rating on a phone (issue 36 §3)', () => {
  test('camera first: the photo shows before saving, can be removed, and a skill and an action save it — 6 taps, no scroll', async ({
    page,
  }) => {
    const { classId } = await classOf30(page);
    await page.goto(`/web/teaching-class/${classId}`);
    // Taps of a person: in the app, and the camera's own two (shutter, "use photo"), which a file chooser stands for here.
    let taps = 0;
    await page.getByRole('button', { name: 'Rate Ana Lima' }).click();
    taps++;
    const sheet = page.getByRole('dialog', { name: 'Rate Ana Lima' });
    const take = sheet.getByRole('button', { name: 'Take photo' });
    await expect(take).toBeInViewport({ ratio: 1 });
    // The button opens the phone's camera: an image input with `capture`.
    const camera = sheet.locator('input[data-capture="34"]');
    await expect(camera).toHaveAttribute('capture', 'environment');
    await expect(camera).toHaveAttribute('accept', 'image/*');
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), take.click()]);
    taps++;
    await chooser.setFiles(photo);
    taps += 2;

    // Its thumbnail, from the chosen file itself, before anything is saved; and a named remove button.
    const thumb = sheet.getByRole('img', { name: 'Photo photo1.png' });
    await expect(thumb).toBeVisible();
    expect(await thumb.getAttribute('src')).toMatch(/^blob:/);
    expect(await thumb.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBe(48);
    await expect(sheet.getByText('saved at once with 3 points and the attachment')).toBeVisible();
    await page.screenshot({ path: path.join(shots, 'photo-quick-thumb-360.png') });
    await expectAccessible(page, 'rating sheet with a photo');

    // Removing it takes the thumbnail away; a photo taken again comes back.
    await sheet.getByRole('button', { name: 'Remove photo1.png' }).click();
    await expect(thumb).toHaveCount(0);
    await expect(sheet.getByRole('button', { name: 'Remove photo1.png' })).toHaveCount(0);
    await camera.setInputFiles(photo);
    await expect(thumb).toBeVisible();
    await expect(sheet.getByRole('button', { name: 'Remove photo1.png' })).toBeVisible();

    await sheet.getByRole('button', { name: 'Communication' }).click();
    taps++;
    const action = sheet.getByRole('button', { name: 'Listens actively' });
    await expect(action).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await sheet.evaluate((d) => d.scrollTop)).toBe(0);
    await expectNoSideScroll(page);
    await action.click();
    taps++;
    // Before: student, More options, skill, action, Photo, shutter, use photo, Save: 8 taps and 4 swipes.
    expect(taps).toBe(6);

    await expect(page.getByText('Saved: Listens actively for Ana Lima')).toBeVisible();
    await expect(sheet).toBeHidden();
    const card = page.getByRole('list', { name: 'Ratings' }).getByRole('article', { name: 'Communication: Listens actively' });
    await expect(card.getByRole('img', { name: 'Photo photo1.png' })).toBeVisible();
  });

  test('a photo attached counts as something to lose: closing asks first', async ({ page }) => {
    const { classId } = await classWithStudents(page);
    await page.goto(`/web/teaching-class/${classId}`);
    await page.getByRole('button', { name: 'Rate Ben Okoro' }).click();
    const sheet = page.getByRole('dialog', { name: 'Rate Ben Okoro' });
    await sheet.locator('input[data-capture="34"]').setInputFiles(photo);
    await expect(sheet.getByRole('img', { name: 'Photo photo1.png' })).toBeVisible();
    await page.keyboard.press('Escape');
    const ask = page.getByRole('dialog', { name: 'Discard this rating?' });
    await ask.getByRole('button', { name: 'Cancel' }).click();
    // "More options" keeps the photo, and the full form asks too.
    await sheet.getByRole('button', { name: 'More options' }).click();
    await expect(sheet.getByRole('img', { name: 'Photo photo1.png' })).toBeVisible();
    await page.keyboard.press('Escape');
    await ask.getByRole('button', { name: 'Discard' }).click();
    await expect(sheet).toBeHidden();
  });

  test('in a class of 30 the full form shows the skills first and who is rated as chips; the checklist opens on demand', async ({
    page,
  }) => {
    const { classId } = await classOf30(page);
    await page.goto(`/web/teaching-class/${classId}`);
    await page.getByRole('button', { name: 'Rate Ana Lima' }).click();
    await page.getByRole('dialog', { name: 'Rate Ana Lima' }).getByRole('button', { name: 'More options' }).click();
    // Its title follows whom it rates.
    const sheet = page.getByRole('dialog');
    const skills = sheet.getByRole('group', { name: 'Skill', exact: true });
    const students = sheet.getByRole('group', { name: 'Students' });
    await expect(skills.getByRole('radio', { name: 'Communication' })).toBeVisible();
    await expect(skills).toBeInViewport();
    expect((await skills.boundingBox())!.y).toBeLessThan((await students.boundingBox())!.y);
    await expect(students.getByRole('list', { name: 'Students rated' }).getByRole('listitem')).toHaveText([/Ana Lima$/]);
    await expect(sheet.getByRole('checkbox', { name: /Pupil/ })).toHaveCount(0);
    await page.screenshot({ path: path.join(shots, 'photo-full-form-360.png') });

    const change = students.getByRole('button', { name: 'Change students' });
    await expect(change).toHaveAttribute('aria-expanded', 'false');
    await change.click();
    await expect(change).toHaveAttribute('aria-expanded', 'true');
    await expect(students.getByRole('checkbox')).toHaveCount(30);
    await students.getByRole('checkbox', { name: 'Ben Okoro' }).check();
    await expect(page.getByRole('dialog', { name: 'Rate 2 students' })).toBeVisible();
    await expectAccessible(page, 'rating form, students open');
    await students.getByRole('button', { name: 'Done' }).click();
    await expect(change).toBeFocused();
    await expect(students.getByRole('list', { name: 'Students rated' }).getByRole('listitem')).toHaveText([/Ana Lima$/, /Ben Okoro$/]);
    await expectNoSideScroll(page);

    // Camera and the device's files side by side; a recording's length is read from the file before it is saved.
    await expect(sheet.locator('input[data-capture="35"]')).toHaveAttribute('capture', 'environment');
    await expect(sheet.locator('input[data-media-type="34"]')).not.toHaveAttribute('capture');
    await sheet.locator('input[data-media-type="36"]').setInputFiles({ name: 'reading.wav', mimeType: 'audio/wav', buffer: wav(2) });
    const row = sheet.getByRole('list', { name: 'Attachments' }).getByRole('listitem').filter({ hasText: 'reading.wav' });
    await expect(row.getByText('0:02')).toBeVisible();
    await expect(row.getByRole('button', { name: /reading\.wav/ })).toBeVisible();
    await sheet.locator('input[data-media-type="34"]').setInputFiles(photo);
    await expect(sheet.getByRole('img', { name: 'Photo photo1.png' })).toBeVisible();
    await sheet.getByRole('button', { name: 'Remove photo1.png' }).click();
    await expect(sheet.getByRole('img', { name: 'Photo photo1.png' })).toHaveCount(0);
    await page.screenshot({ path: path.join(shots, 'photo-full-form-files-360.png'), fullPage: true });
  });
});

test('the letters dialog starts each family on its known language, the others on the class’s (issue 36 §5)', async ({ page }) => {
  const { token, classId } = await classWithStudents(page);
  const places = (await (
    await page.request.get(`${API}/teaching-class-students?teachingClass.id=${classId}`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { 'hydra:member': { id: number; firstName: string; invitationCode: string }[] };
  const ben = places['hydra:member'].find((p) => p.firstName === 'Ben')!;
  // Ben's family links to him; its member reads the app in Spanish. (Signed in by token only: the page stays the teacher's.)
  const parent = await signUpViaApi(page, { accountTypeRadio: 'parent_user', preferredLanguage: 'es' });
  const login = await page.request.post('/api/public/v1/login_check', { data: { username: parent.username, password: parent.password } });
  const { token: parentToken } = (await login.json()) as { token: string };
  const asked = await apiPost<{ id: number }>(page, parentToken, '/student-profile-user-invitation', {
    invitationCode: ben.invitationCode,
  });
  await apiPost(page, token, `/student-profile-user-invitation/${asked.id}/accept`, {});

  await page.goto(`/web/teaching-class/${classId}`);
  await page.getByText('Class details', { exact: true }).click();
  await page.getByRole('button', { name: 'Print family letters' }).click();
  const dialog = page.getByRole('dialog', { name: 'Print family letters' });
  // Before: every row started on the teacher's language, English.
  await expect(dialog.getByRole('combobox', { name: 'Letter language for Ben Okoro' })).toHaveValue('es');
  await expect(dialog.getByRole('combobox', { name: 'Letter language for Ana Lima' })).toHaveValue('en');
  await expect(dialog.getByRole('combobox', { name: 'Letter language for Cara Novak' })).toHaveValue('en');
});

for (const locale of ['en', 'zh-HK', 'es'])
  test(`the sheet with a photo and the full form read in ${locale} at 320, 360 and 1280 px`, async ({ page }) => {
    const { classId } = await classWithStudents(page, locale);
    for (const width of [320, 360, 1280]) {
      await page.setViewportSize({ width, height: 740 });
      await page.goto(`/web/teaching-class/${classId}`);
      await page
        .getByRole('button', { name: /Ana Lima/ })
        .first()
        .click();
      const sheet = page.getByRole('dialog');
      await sheet.locator('input[data-capture="34"]').setInputFiles(photo);
      await expect(sheet.locator('img[src^="blob:"]')).toBeVisible();
      await expectNoSideScroll(page);
      await page.screenshot({ path: path.join(shots, `photo-quick-${locale}-${width}.png`) });
      // "More options": the last button of the quick view.
      await sheet.locator('.grid-cols-2 > button').last().click();
      await sheet.locator('[aria-expanded]').first().click();
      await expectNoSideScroll(page);
      await expectAccessible(page, `rating form ${locale} ${width} px`);
      await page.screenshot({ path: path.join(shots, `photo-full-${locale}-${width}.png`) });
      await sheet.evaluate((d) => d.scrollTo(0, d.scrollHeight));
      await page.screenshot({ path: path.join(shots, `photo-full-end-${locale}-${width}.png`) });
    }
  });

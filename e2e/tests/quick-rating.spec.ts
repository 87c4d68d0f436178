import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './hydrated-test';
import { expectAccessible, PNG_48 } from './fixtures';
import { API, apiPost, classWithStudents, expectNoSideScroll, shots } from './rating-helpers';

interface Listed {
  'hydra:totalItems': number;
  'hydra:member': { id: number; points: number; observation: string; medias: { media: { id: number } }[] }[];
}

const ratingsOf = async (page: Page, token: string, classId: number) =>
  (await (
    await page.request.get(`${API}/ratings?teachingClass.id=${classId}`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as Listed;

test.use({ viewport: { width: 360, height: 740 } });

test.describe('quick rating on a phone (DESIGN §7)', () => {
  test('one student is rated in three taps with no scroll, and the toast’s Undo takes it back', async ({ page }) => {
    const { token, classId } = await classWithStudents(page);
    await page.goto(`/web/teaching-class/${classId}`);
    const student = page.getByRole('button', { name: 'Rate Ana Lima' });
    await expect(student).toBeInViewport({ ratio: 1 });
    await expectNoSideScroll(page);
    await page.screenshot({ path: path.join(shots, 'quick-class-360.png') });
    let taps = 0;
    const scrolled = () => page.evaluate(() => window.scrollY);

    await student.click();
    taps++;
    const sheet = page.getByRole('dialog', { name: 'Rate Ana Lima' });
    await expect(sheet).toBeVisible();
    const skill = sheet.getByRole('button', { name: 'Communication' });
    await expect(skill).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: path.join(shots, 'quick-sheet-skills-360.png') });
    await expectAccessible(page, 'rating sheet, skills');
    await skill.click();
    taps++;
    const action = sheet.getByRole('button', { name: 'Listens actively' });
    await expect(action).toBeVisible();
    // Before the third tap: nothing has scrolled, neither the page nor the sheet, and the action is wholly on screen.
    expect(await scrolled()).toBe(0);
    expect(await sheet.evaluate((d) => d.scrollTop)).toBe(0);
    await expect(action).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: path.join(shots, 'quick-sheet-actions-360.png') });
    await action.click();
    taps++;
    expect(taps).toBe(3);

    await expect(page.getByText('Saved: Listens actively for Ana Lima')).toBeVisible();
    await expect(sheet).toBeHidden();
    // Focus goes back to the student the sheet was opened for, ready for the next one.
    await expect(student).toBeFocused();
    const saved = await ratingsOf(page, token, classId);
    expect(saved['hydra:totalItems']).toBe(1);
    // The class's points of a quick rating (3 by default), not the API's 1.
    expect(saved['hydra:member'][0]!.points).toBe(3);
    const feed = page.getByRole('list', { name: 'Ratings' });
    await expect(
      feed.getByRole('article', { name: 'Communication: Listens actively' }).getByRole('img', { name: '3 of 5 points' }),
    ).toBeVisible();
    await page.screenshot({ path: path.join(shots, 'quick-saved-toast-360.png') });

    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText('The rating has been removed.')).toBeVisible();
    await expect.poll(async () => (await ratingsOf(page, token, classId))['hydra:totalItems']).toBe(0);
    await expect(feed.getByRole('article')).toHaveCount(0);

    // Escape closes the sheet and focus returns to what opened it.
    await page.getByRole('button', { name: 'Whole class', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Rate the whole class' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Whole class', exact: true })).toBeFocused();
  });

  test('the name filter finds a student as one types, and says when no one matches', async ({ page }) => {
    const { classId } = await classWithStudents(page);
    await page.goto(`/web/teaching-class/${classId}`);
    const filter = page.getByRole('searchbox', { name: 'Find a student' });
    await filter.fill('oko');
    await expect(page.getByRole('button', { name: /^Rate (Ana|Ben|Cara)/ })).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Rate Ben Okoro' })).toBeVisible();
    await filter.fill('zz');
    await expect(page.getByText("No student's name matches “zz”.")).toBeVisible();
    await filter.fill('');
    await expect(page.getByRole('button', { name: /^Rate (Ana|Ben|Cara)/ })).toHaveCount(3);
  });

  test('several actions with one photo are one card and one file; the card’s one editor changes the whole observation', async ({
    page,
  }) => {
    const { token, classId } = await classWithStudents(page);
    await page.goto(`/web/teaching-class/${classId}`);
    await page.getByRole('button', { name: 'Rate Ana Lima' }).click();
    await page.getByRole('dialog', { name: 'Rate Ana Lima' }).getByRole('button', { name: 'More options' }).click();
    const sheet = page.getByRole('dialog');
    await sheet.getByRole('button', { name: 'Change students' }).click();
    await expect(sheet.getByRole('checkbox', { name: 'Ana Lima' })).toBeChecked();
    await sheet.getByRole('checkbox', { name: 'Ben Okoro' }).check();
    await expect(page.getByRole('dialog', { name: 'Rate 2 students' })).toBeVisible();
    await sheet.getByRole('radio', { name: 'Communication' }).check({ force: true });
    await sheet.getByRole('checkbox', { name: 'Listens actively' }).check({ force: true });
    await sheet.getByRole('checkbox', { name: 'Explains ideas clearly' }).check({ force: true });
    // The class's points of a quick rating are where the full form starts.
    await expect(sheet.getByRole('radio', { name: '3 of 5 points' })).toBeChecked();
    await sheet.getByLabel('Note (optional)').fill('Paired work on the map.');
    await sheet.locator('input[data-media-type="34"]').setInputFiles({ name: 'map.png', mimeType: 'image/png', buffer: PNG_48 });
    await expect(sheet.getByRole('button', { name: 'Remove map.png' })).toBeVisible();
    await page.screenshot({ path: path.join(shots, 'quick-full-form-360.png'), fullPage: true });
    await sheet.getByRole('button', { name: 'Save 2 ratings' }).click();
    await expect(page.getByText('2 ratings saved for 2 students.')).toBeVisible();

    const feed = page.getByRole('list', { name: 'Ratings' });
    await expect(feed.getByRole('article')).toHaveCount(1);
    const card = feed.getByRole('article', { name: 'Communication: Explains ideas clearly; Communication: Listens actively' });
    await expect(card).toBeFocused();
    await expect(card.getByRole('img', { name: 'Photo map.png' })).toHaveCount(1);
    await expect(card.getByText('Paired work on the map.')).toHaveCount(1);
    const list = await ratingsOf(page, token, classId);
    expect(list['hydra:totalItems']).toBe(2);
    const [a, b] = list['hydra:member'];
    expect(a!.observation).toBe(b!.observation);
    expect(a!.medias.map((m) => m.media.id)).toHaveLength(1);
    expect(b!.medias.map((m) => m.media.id)).toEqual(a!.medias.map((m) => m.media.id));

    // One "Edit" per card: it edits the observation; one action fewer, another note.
    await expect(card.getByRole('link', { name: 'Edit' })).toHaveCount(1);
    await expect(card.getByRole('button', { name: 'Update' })).toHaveCount(0);
    await card.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByRole('heading', { name: 'Edit rating' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Listens actively' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Explains ideas clearly' })).toBeChecked();
    await page.getByRole('checkbox', { name: 'Explains ideas clearly' }).uncheck({ force: true });
    await page.getByLabel('Note (optional)').fill('Paired work, revised.');
    // A day before the class began: the server's answer shows beside the date, and nothing changes.
    const date = page.getByRole('textbox', { name: 'Date', exact: true });
    const original = await date.inputValue();
    await date.fill('01/01/2000');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText("The date must not be before the class's start date.")).toBeVisible();
    await expect(date).toHaveAttribute('aria-invalid', 'true');
    // Its teachers may change the class's dates: the way there is beside the error (issue 36 §10).
    await expect(page.getByRole('link', { name: 'Edit class dates' })).toHaveAttribute('href', `/web/teaching-class/${classId}/edit`);
    await date.fill(original);
    await page.getByRole('button', { name: 'Save changes' }).click();
    const edited = feed.getByRole('article', { name: 'Communication: Listens actively' });
    await expect(edited.getByText('Paired work, revised.')).toBeVisible();
    // Back on the class page the card is in view, focused and marked.
    await expect(edited).toBeFocused();
    await expect(edited).toBeInViewport();
    await expect(edited).toHaveAttribute('data-marked', 'true');
    const after = await ratingsOf(page, token, classId);
    expect(after['hydra:totalItems']).toBe(1);
    expect(after['hydra:member'][0]!.medias.map((m) => m.media.id)).toEqual(a!.medias.map((m) => m.media.id));
  });

  test('the class’s points of a quick rating are chosen in its edit form and given by a quick rating', async ({ page }) => {
    const { token, classId } = await classWithStudents(page);
    await page.goto(`/web/teaching-class/${classId}/edit`);
    const points = page.getByRole('group', { name: 'Points of a quick rating' });
    await expect(points.getByRole('radio', { name: '3 of 5 points' })).toBeChecked();
    await points.getByRole('radio', { name: '5 of 5 points' }).check({ force: true });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Rate Ana Lima' })).toBeVisible();
    await page.getByRole('button', { name: 'Rate Ana Lima' }).click();
    await page.getByRole('dialog', { name: 'Rate Ana Lima' }).getByRole('button', { name: 'Kindness' }).click();
    await page.getByRole('dialog', { name: 'Rate Ana Lima' }).getByRole('button', { name: 'Includes others' }).click();
    await expect(page.getByText('Saved: Includes others for Ana Lima')).toBeVisible();
    const saved = await ratingsOf(page, token, classId);
    expect(saved['hydra:member'].map((r) => r.points)).toEqual([5]);
  });

  test('a finished class says since when, offers Reopen and no Rate, Add students or edit', async ({ page }) => {
    const { token, classId } = await classWithStudents(page);
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/merge-patch+json' };
    const d = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    const today = `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
    const skills = (await (await page.request.get(`${API}/teaching-class/${classId}/learning-skills`, { headers: auth })).json()) as {
      'hydra:member': { learningActions: { id: number }[] }[];
    };
    await apiPost(page, token, '/rating', {
      teachingClass: classId,
      learningAction: skills['hydra:member'][0]!.learningActions[0]!.id,
      date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
      students: [],
      points: 4,
    });
    expect((await page.request.patch(`${API}/teaching-class/${classId}`, { headers: auth, data: { isFinished: true } })).status()).toBe(
      200,
    );
    await page.goto(`/web/teaching-class/${classId}`);
    await expect(page.getByText(`Finished on ${today}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reopen' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Rate/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Add students' })).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Ratings' }).getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('list', { name: 'Ratings' }).getByRole('link', { name: 'Edit' })).toHaveCount(0);
    await page.screenshot({ path: path.join(shots, 'finished-class-360.png'), fullPage: true });
    await expectAccessible(page, 'finished class');
    await page.getByRole('link', { name: 'Ben Okoro' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ben Okoro' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Rate', exact: true })).toHaveCount(0);
    // The screens that change its students say why they offer nothing.
    await page.goto(`/web/teaching-class/${classId}/student/add`);
    await expect(page.getByText('A finished class is read-only', { exact: false })).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveCount(0);
    await page.goto(`/web/teaching-class/${classId}`);
    await page.getByRole('button', { name: 'Reopen' }).click();
    await expect(page.getByRole('button', { name: 'Rate Ben Okoro' })).toBeVisible();
  });
});

import { type Page } from '@playwright/test';
import { expect, test } from './hydrated-test';
import { API, classWithStudents } from './rating-helpers';

/** Issue 36 §8: rating with a keyboard alone. Undo at once, a toast that waits while held, Esc one layer at a time. */
const countRatings = async (page: Page, token: string, classId: number) =>
  (
    (await (
      await page.request.get(`${API}/ratings?teachingClass.id=${classId}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as {
      'hydra:totalItems': number;
    }
  )['hydra:totalItems'];

/** Saves a quick rating of Ana Lima with the keyboard; answers the student's tile. */
async function quickRate(page: Page) {
  const tile = page.getByRole('button', { name: 'Rate Ana Lima' });
  await tile.focus();
  await page.keyboard.press('Enter');
  const sheet = page.getByRole('dialog', { name: 'Rate Ana Lima' });
  await sheet.getByRole('button', { name: 'Communication' }).focus();
  await page.keyboard.press('Enter');
  await sheet.getByRole('button', { name: 'Listens actively' }).focus();
  await page.keyboard.press('Enter');
  await expect(sheet).toBeHidden();
  return tile;
}

test.describe('rating with a keyboard alone', () => {
  test('Ctrl+Z undoes a save at once; the toast stays while focused; focus never falls to the top of the page', async ({ page }) => {
    const { token, classId } = await classWithStudents(page);
    await page.clock.install();
    await page.goto(`/web/teaching-class/${classId}`);

    const tile = await quickRate(page);
    const toast = page.getByRole('status').filter({ hasText: 'Saved: Listens actively for Ana Lima' });
    await expect(toast).toBeVisible();
    // Screen readers hear how to undo with the message.
    await expect(toast).toContainText('Press Ctrl+Z to undo.');
    await expect(tile).toBeFocused();
    await page.keyboard.press('Control+z');
    await expect(page.getByText('The rating has been removed.')).toBeVisible();
    await expect.poll(() => countRatings(page, token, classId)).toBe(0);
    await expect(tile).toBeFocused();

    // Held by focus, the toast outlives its 8 s; let go, it goes and focus comes back to the tile, not to the page's top.
    await quickRate(page);
    const undo = page.getByRole('button', { name: 'Undo' });
    await undo.focus();
    await page.clock.runFor(12_000);
    await expect(undo).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(undo).toBeHidden();
    await expect(tile).toBeFocused();
    await expect.poll(() => countRatings(page, token, classId)).toBe(0);

    await quickRate(page);
    await page.getByRole('button', { name: 'Undo' }).focus();
    await tile.focus();
    await page.clock.runFor(9_000);
    await expect(page.getByRole('button', { name: 'Undo' })).toBeHidden();
    await expect(tile).toBeFocused();
    expect(await countRatings(page, token, classId)).toBe(1);
  });

  test('Esc closes only the date picker; with a note typed, closing the sheet asks first', async ({ page }) => {
    const { classId } = await classWithStudents(page);
    await page.goto(`/web/teaching-class/${classId}`);
    await page.getByRole('button', { name: 'Rate Ana Lima' }).click();
    await page.getByRole('dialog', { name: 'Rate Ana Lima' }).getByRole('button', { name: 'More options' }).click();
    const sheet = page.getByRole('dialog', { name: 'Rate Ana Lima' });
    const note = sheet.getByLabel('Note (optional)');
    await note.fill('Counted to twenty in pairs.');

    // The picker's button is named after its field (it was "Choose DD/MM/YYYY").
    await sheet.getByRole('button', { name: 'Choose Date' }).click();
    const calendar = sheet.getByRole('dialog', { name: 'Date' });
    await expect(calendar).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(calendar).toBeHidden();
    await expect(sheet).toBeVisible();
    await expect(note).toHaveValue('Counted to twenty in pairs.');

    // Escape on the sheet itself: it asks, and "Cancel" keeps the note.
    await page.keyboard.press('Escape');
    const ask = page.getByRole('dialog', { name: 'Discard this rating?' });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toBeHidden();
    await expect(note).toHaveValue('Counted to twenty in pairs.');

    await sheet.getByRole('button', { name: 'Cancel' }).click();
    await ask.getByRole('button', { name: 'Discard' }).click();
    await expect(sheet).toBeHidden();
  });
});

import { expect, test } from './hydrated-test';
import { screenReady, signInViaApi } from './fixtures';
import { classWithStudents } from './rating-helpers';

// DESIGN §7 "Focus": after a menu, a dialog or a save, focus lands somewhere sensible, never on the page itself.
test.describe('focus after a menu, a dialog or a save', () => {
  test('the account menu gives focus back to its button on Escape; Edit profile leaves it on the new screen heading', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInViaApi(page, 'teacher');
    await page.goto('/web/');
    await screenReady(page);
    const menu = page.getByRole('button', { name: /Account menu/ });
    await menu.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Edit profile' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeFocused();
    await expect(page.getByRole('link', { name: 'Edit profile' })).toHaveCount(0);

    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/web\/profile\/edit$/);
    await expect(page.locator('main h1')).toBeFocused();
    // The heading is reached by script only: it is no Tab stop of its own.
    await expect(page.locator('main h1')).toHaveAttribute('tabindex', '-1');
  });

  test('the mobile menu, closing a moment after its link is used, leaves focus on the new screen heading', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await signInViaApi(page, 'teacher');
    await page.goto('/web/');
    await screenReady(page);
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    await menu.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await expect(menu).toBeFocused();
    await page.keyboard.press('Enter');
    const edit = page.getByRole('link', { name: 'Edit profile' });
    await edit.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/web\/profile\/edit$/);
    // The menu closes 200 ms after the click (spec §2), taking the focused link with it.
    await expect(edit).toHaveCount(0);
    await expect(page.locator('main h1')).toBeFocused();
  });

  test('a dialog gives focus back to its opener, cancelled or confirmed; a saved form to the heading of where it leads', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const { classId, name } = await classWithStudents(page);
    await page.goto(`/web/teaching-class/${classId}/edit`);
    await screenReady(page);
    const opener = page.getByRole('button', { name: 'New code' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Make a new class code?' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'New code' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(/The new class code is/)).toBeVisible();
    await expect(opener).toBeFocused();

    // Save on the edit form: the form is gone with its button, and focus is on the class page's heading.
    await page.locator('input[name="name"]').fill(`${name} B`);
    await page.getByRole('button', { name: 'Save' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/web/teaching-class/${classId}$`));
    await expect(page.locator('main h1')).toHaveText(`${name} B`);
    await expect(page.locator('main h1')).toBeFocused();
  });
});

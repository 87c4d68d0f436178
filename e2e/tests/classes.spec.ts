import { type Page } from '@playwright/test';
import { expect, test } from './hydrated-test';
import { expectAccessible, signInViaApi, signUpViaApi, unique } from './fixtures';

/** A class made through the API, for the steps that are not about the class form. */
async function createClassViaApi(page: Page, token: string, name: string) {
  const res = await page.request.post('/api/auth/v1/teaching-class', {
    headers: { authorization: `Bearer ${token}` },
    data: { name, year: 2026, start: '2026-09-01', end: '2027-07-15' },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** The page must not scroll sideways: everything fits the window. */
async function expectNoSideScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('classes and students', () => {
  test('create a class, add students, copy one to a second class, finish the first', async ({ page }) => {
    // A journey over five screens (two classes, a copy, finishing): about 43 s here, a third of this.
    test.setTimeout(130_000);
    const account = await signUpViaApi(page);
    const { token } = await signInViaApi(page, account.username, account.password);
    const first = unique('Maple ');

    // A new teacher is welcomed with a way to start.
    await page.goto('/web/');
    await expect(page.getByRole('heading', { name: 'Welcome to Skillroom!' })).toBeVisible();
    await page.getByRole('link', { name: 'Create your first class' }).click();
    await expect(page.getByRole('heading', { name: 'New class' })).toBeVisible();
    await expectAccessible(page, 'new class');

    // An end date before the start date is refused next to the end date, and nothing is created.
    await page.getByLabel('Class name').fill(first);
    await page.getByLabel('Grade').fill('5');
    await page.getByRole('textbox', { name: 'Start date', exact: true }).fill('01/09/2026');
    await page.getByRole('textbox', { name: 'End date', exact: true }).fill('01/08/2026');
    await page.getByRole('button', { name: 'Create class' }).click();
    await expect(page.getByText('The end date cannot be before the start date.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'End date', exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, 'new class with an error');
    await page.getByRole('textbox', { name: 'End date', exact: true }).fill('15/07/2027');
    // The points a quick rating gives (DESIGN §7): 3 unless chosen.
    const quickPoints = page.getByRole('group', { name: 'Points of a quick rating' });
    await expect(quickPoints.getByRole('radio', { name: '3 of 5 points' })).toBeChecked();
    await quickPoints.getByRole('radio', { name: '4 of 5 points' }).check({ force: true });
    await page.getByRole('button', { name: 'Create class' }).click();

    await expect(page.getByRole('heading', { level: 1, name: first })).toBeVisible();
    await expect(page.getByText(`The class ${first} has been created.`)).toBeVisible();
    // The class's details are folded on every width (issue 36): one tap shows them.
    await page.getByText('Class details', { exact: true }).click();
    await expect(page.getByText('01/09/2026 – 15/07/2027')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy Class code' })).toBeVisible();
    await expectAccessible(page, 'class detail');
    const firstId = Number(/teaching-class\/(\d+)/.exec(page.url())![1]);
    const stored = await page.request.get(`/api/auth/v1/teaching-class/${firstId}`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await stored.json()) as { defaultPoints: number }).defaultPoints).toBe(4);

    // Several students in a row: the form empties after each.
    await page.getByRole('link', { name: 'Add students' }).click();
    await expect(page.getByRole('heading', { name: 'Add students' })).toBeVisible();
    await expectAccessible(page, 'add students');
    await page.getByRole('radio', { name: 'One by one' }).check();
    for (const [firstName, lastName] of [
      ['Ana', 'Lima'],
      ['Ben', 'Okoro'],
      ['Cara', 'Novak'],
    ] as const) {
      await page.getByLabel('First name').fill(firstName);
      await page.getByLabel('Last name').fill(lastName);
      await page.getByRole('button', { name: 'Add student' }).click();
      await expect(page.getByText(`${firstName} ${lastName} has been added.`)).toBeVisible();
      await expect(page.getByLabel('First name')).toHaveValue('');
    }
    await expect(page.getByRole('heading', { name: '3 students added' })).toBeVisible();
    await page.getByRole('link', { name: 'Done' }).first().click();
    await expect(page.getByRole('heading', { name: 'Students (3)' })).toBeVisible();
    for (const name of ['Ana Lima', 'Ben Okoro', 'Cara Novak']) await expect(page.getByRole('link', { name })).toBeVisible();

    // Copy Ana into a second class; once there, she can't be picked again.
    const second = unique('Birch ');
    const secondId = await createClassViaApi(page, token, second);
    await page.goto(`/web/teaching-class/${secondId}/students`);
    await expect(page.getByRole('heading', { name: 'Manage students' })).toBeVisible();
    await expect(page.getByText('No students yet.')).toBeVisible();
    await page.getByLabel('Class to copy from').selectOption({ label: first });
    await page.getByRole('checkbox', { name: 'Ana Lima' }).check();
    await expectAccessible(page, 'manage students, copy');
    await page.getByRole('button', { name: 'Copy 1 student' }).click();
    await expect(page.getByText('1 student copied.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Students (1)' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /Ana Lima/ })).toBeDisabled();
    await expect(page.getByText('Already in this class')).toBeVisible();

    // The copied student's page links back to her first class; her code is hers in each class.
    await page.getByRole('link', { name: 'Ana Lima' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ana Lima' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Also in' })).toBeVisible();
    await expect(page.getByRole('link', { name: first })).toBeVisible();
    await expectAccessible(page, 'student detail');
    await page.getByRole('link', { name: 'Edit student' }).click();
    await expect(page.getByRole('heading', { name: 'Edit Ana Lima' })).toBeVisible();
    await expectAccessible(page, 'edit student');
    await page.getByLabel('Student code').fill('S-042');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Code: S-042')).toBeVisible();

    // Removing asks first.
    await page.goto(`/web/teaching-class/${firstId}/students`);
    await page.getByRole('button', { name: 'Remove Cara Novak' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove Cara Novak?' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'remove dialog');
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Cara Novak has been removed.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Students (2)' })).toBeVisible();

    // Finish the first class: it leaves the current list and shows under finished classes.
    await page.goto(`/web/teaching-class/${firstId}/edit`);
    await expect(page.getByRole('heading', { name: 'Edit class' })).toBeVisible();
    await expectAccessible(page, 'edit class');
    await page.getByRole('button', { name: 'Finish class' }).click();
    await expect(page.getByText('The class is finished.')).toBeVisible();
    await page.goto('/web/');
    const classes = page.getByRole('list', { name: 'Classes' });
    await expect(classes.getByText(second)).toBeVisible();
    await expect(classes.getByText(first)).toHaveCount(0);
    await page.getByRole('tab', { name: 'Finished' }).click();
    await expect(classes.getByText(first)).toBeVisible();
    await expect(classes.getByText(second)).toHaveCount(0);
    await expectAccessible(page, 'dashboard, finished');
  });

  test('the class screens fit a 360 px wide phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signInViaApi(page, 'teacher');
    await page.goto('/web/');
    await page.getByRole('list', { name: 'Classes' }).getByRole('link').first().click();
    await expect(page.getByRole('heading', { name: /^Students \(\d+\)$/ })).toBeVisible();
    await expectNoSideScroll(page);
    await page.getByRole('link', { name: 'Manage students' }).click();
    await expect(page.getByRole('heading', { name: 'Manage students' })).toBeVisible();
    await expectNoSideScroll(page);
    await expectAccessible(page, 'manage students at 360 px');
  });

  test('a screen opened from far down another starts at its top', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signInViaApi(page, 'teacher');
    await page.goto('/web/');
    const last = page.getByRole('list', { name: 'Classes' }).getByRole('link').last();
    await last.scrollIntoViewIfNeeded();
    // The dashboard is longer than the phone's screen, and its last class is far down it.
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await last.click();
    await expect(page.locator('h1#class-title')).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('a parent account is not offered to create a class', async ({ page }) => {
    const account = await signUpViaApi(page, { accountTypeRadio: 'parent_user' });
    await signInViaApi(page, account.username, account.password);
    await page.goto('/web/');
    await expect(page.getByRole('heading', { name: 'No linked students yet' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Link a student' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'New class' })).toHaveCount(0);
    await expectAccessible(page, 'dashboard of a parent');
    await page.goto('/web/teaching-class/new');
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  });

  test('an evaluator sees a class but may not change its students', async ({ page }) => {
    const { token } = await signInViaApi(page, 'evaluator');
    const res = await page.request.get('/api/auth/v1/teaching-classes?page=1&itemsPerPage=10', {
      headers: { authorization: `Bearer ${token}` },
    });
    const evaluated = ((await res.json()) as { 'hydra:member': { id: number; name: string }[] })['hydra:member'][0]!;
    await page.goto(`/web/teaching-class/${evaluated.id}`);
    await expect(page.getByRole('heading', { level: 1, name: evaluated.name })).toBeVisible();
    await expect(page.getByText('Evaluator', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add students' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Edit class' })).toHaveCount(0);
    await page.goto(`/web/teaching-class/${evaluated.id}/students`);
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    await page.goto('/web/teaching-class/999999');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});

import { type Page } from '@playwright/test';
import { expect, test } from './hydrated-test';
import { expectAccessible, signInViaApi, signUpViaApi, unique } from './fixtures';

const FIRST = ['Amara', 'Bao', 'Carmen', 'Dev', 'Elif', 'Farah', 'Goran', 'Hana', 'Iker', 'Jun'];
const LAST = ['Okafor', 'Nguyen', 'Ruiz'];

/** Thirty pupils as a spreadsheet copies them: a header row, then First name, Last name and Code separated by tabs. */
const pupils = Array.from({ length: 30 }, (_, i) => ({ first: `${FIRST[i % 10]}${i}`, last: LAST[i % 3]!, code: `R-${100 + i}` }));
const spreadsheet = ['First name\tLast name\tCode', ...pupils.map((p) => `${p.first}\t${p.last}\t${p.code}`)].join('\n');

async function createClassViaApi(page: Page, token: string, name: string) {
  const res = await page.request.post('/api/auth/v1/teaching-class', {
    headers: { authorization: `Bearer ${token}` },
    data: { name, year: 2026, start: '2026-09-01', end: '2027-07-15' },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test.describe('roster import', () => {
  test('paste 30 names from a spreadsheet, review the rows, add them in one step and see them on the class page', async ({ page }) => {
    const account = await signUpViaApi(page);
    const { token } = await signInViaApi(page, account.username, account.password);
    const name = unique('Rowan ');
    const classId = await createClassViaApi(page, token, name);
    // One pupil is in the class already: the review says so and leaves them out.
    await page.request.post('/api/auth/v1/teaching-class-student', {
      headers: { authorization: `Bearer ${token}` },
      data: { teachingClass: classId, firstName: pupils[0]!.first, lastName: pupils[0]!.last, code: pupils[0]!.code },
    });

    await page.goto(`/web/teaching-class/${classId}`);
    await page.getByRole('link', { name: 'Add students' }).click();
    await expect(page.getByRole('heading', { name: 'Add students' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Paste a list' })).toBeChecked();
    await page.getByLabel('Names, one student per line').fill(spreadsheet);
    await page.getByRole('button', { name: 'Check the list' }).click();

    const review = page.getByRole('heading', { name: 'Check before adding' });
    await expect(review).toBeFocused();
    const table = page.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(31);
    await expect(table.locator('tr[data-status="new"]')).toHaveCount(29);
    const duplicate = table.locator('tr[data-status="duplicate"]');
    await expect(duplicate).toContainText(pupils[0]!.first);
    await expect(duplicate).toContainText('Already in this class.');
    await expect(
      table.getByRole('row', { name: new RegExp(`^31 ${pupils[29]!.first} ${pupils[29]!.last} ${pupils[29]!.code} New`) }),
    ).toBeVisible();
    await expectAccessible(page, 'roster review');
    await page.screenshot({ path: test.info().outputPath('roster-1280.png'), fullPage: true });

    await page.getByRole('button', { name: 'Add 29 students' }).click();
    await expect(page.getByText(`29 students added to ${name}.`)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/web/teaching-class/${classId}$`));
    await expect(page.getByRole('heading', { name: 'Students (30)' })).toBeVisible();
    // On the page's grid (the coverage details, folded, name them too).
    for (const p of [pupils[1]!, pupils[15]!, pupils[29]!])
      await expect(page.getByText(`${p.first} ${p.last}`).filter({ visible: true }).first()).toBeVisible();
  });

  test('a file that is not a roster is refused with a clear message; the review reads as cards at 360 px', async ({ page }) => {
    const account = await signUpViaApi(page);
    const { token } = await signInViaApi(page, account.username, account.password);
    const classId = await createClassViaApi(page, token, unique('Hazel '));
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/web/teaching-class/${classId}/student/add`);
    await page.getByRole('radio', { name: 'Upload a file' }).check();
    const input = page.getByLabel('CSV or Excel file (.xlsx)');
    await input.setInputFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    });
    await page.getByRole('button', { name: 'Check the list' }).click();
    await expect(page.getByRole('alert')).toContainText('This file is not a CSV or xlsx file.');

    const csv = 'Nombre;Apellido(s);Código\nZo\xeb;Mu\xf1oz;E-1\n;Sin nombre;E-2\n';
    await input.setInputFiles({ name: 'clase.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'latin1') });
    await page.getByRole('button', { name: 'Check the list' }).click();
    await expect(page.getByRole('heading', { name: 'Check before adding' })).toBeFocused();
    await expect(page.getByRole('table')).toBeHidden();
    const cards = page.locator('li[data-status]');
    await expect(cards).toHaveCount(2);
    await expect(cards.first()).toContainText('Zoë Muñoz');
    await expect(cards.nth(1)).toContainText('The first name is missing.');
    await expectNoSideScroll(page);
    await page.setViewportSize({ width: 320, height: 700 });
    await expectNoSideScroll(page);
    await page.screenshot({ path: test.info().outputPath('roster-360.png'), fullPage: true });
    await page.getByRole('button', { name: 'Add 1 student' }).click();
    await expect(page.getByRole('heading', { name: 'Students (1)' })).toBeVisible();
  });
});

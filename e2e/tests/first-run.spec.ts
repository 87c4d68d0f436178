import { type Page } from '@playwright/test';
import { expect, test } from './hydrated-test';
import { expectAccessible, hydrated, signInViaApi, signUpViaApi, unique } from './fixtures';

const sideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
/** The colour a Tailwind class paints with, read from the app's own stylesheet. */
const colourOf = (page: Page, className: string, property: 'color' | 'backgroundColor') =>
  page.evaluate(
    ([c, p]) => {
      const probe = document.createElement('span');
      probe.className = c!;
      document.body.append(probe);
      const value = getComputedStyle(probe)[p as 'color'];
      probe.remove();
      return value;
    },
    [className, property],
  );
const dayMonthYear = (d: Date) => `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;

test.describe('a first run without rough edges', () => {
  test('a long class name wraps inside its card, and the grade is labelled', async ({ page }) => {
    const account = await signUpViaApi(page);
    const { token } = await signInViaApi(page, account.username, account.password);
    const name = `${unique('Supercalifragilisticexpialidocious')}Wonderclass with a long name`;
    const res = await page.request.post('/api/auth/v1/teaching-class', {
      headers: { authorization: `Bearer ${token}` },
      data: { name, year: 2026, grade: '3', term: 'Autumn', start: '2026-09-01', end: '2027-07-15' },
    });
    expect(res.status()).toBe(201);
    for (const width of [320, 360]) {
      await page.setViewportSize({ width, height: 700 });
      await page.goto('/web/');
      await expect(page.getByRole('heading', { name })).toBeVisible();
      expect(await sideScroll(page), `at ${width} px`).toBeLessThanOrEqual(0);
    }
    await expect(page.getByText('Grade 3 · Autumn')).toBeVisible();
  });

  test('new class: required fields marked, a default end date, dates checked as typed, one date picker in the app language', async ({
    page,
  }) => {
    await signInViaApi(page, 'teacher');
    await page.goto('/web/teaching-class/new');
    await expect(page.getByRole('heading', { name: 'New class' })).toBeVisible();
    await expect(page.getByText('Fields marked * are required.')).toBeVisible();
    for (const label of ['Class name', 'Year', 'Start date', 'End date'])
      await expect(page.locator('label', { hasText: label }).first()).toContainText('*');
    await expect(page.locator('label', { hasText: 'Grade' })).not.toContainText('*');

    // The school year it is made in (issue 36 §10), printed as the app prints dates: from 1 September (the browser's
    // language names no February region) to 31 August; from August on, the year about to start.
    const today = new Date();
    const first = today.getMonth() >= 7 ? today.getFullYear() : today.getFullYear() - 1;
    const start = page.getByRole('textbox', { name: 'Start date', exact: true });
    const end = page.getByRole('textbox', { name: 'End date', exact: true });
    await expect(start).toHaveValue(dayMonthYear(new Date(first, 8, 1)));
    await expect(end).toHaveValue(dayMonthYear(new Date(first + 1, 7, 31)));

    // The teacher has one subscription: it is chosen for them.
    await expect(page.getByLabel('Subscription')).not.toHaveValue('');

    // Problems show while typing, before any submit, and go away once fixed.
    await start.fill('01/09/2026');
    await end.fill('31/08/2026');
    await expect(page.getByText('The end date cannot be before the start date.')).toBeVisible();
    await expect(end).toHaveAttribute('aria-invalid', 'true');
    await end.fill('31/02/2027');
    await expect(page.getByText('Enter the date as day/month/year, for example 31/12/2026.')).toBeVisible();
    await end.fill('15/07/2027');
    await expect(end).not.toHaveAttribute('aria-invalid');
    await expectAccessible(page, 'new class form');

    // The calendar: keyboard-usable, picks a day, gives the focus back.
    await page.getByRole('button', { name: 'Choose End date' }).click();
    const calendar = page.getByRole('dialog', { name: 'End date' });
    await expect(calendar.getByRole('grid')).toBeVisible();
    await expectAccessible(page, 'date picker open');
    await calendar.getByRole('button', { name: /16/ }).first().click();
    await expect(calendar).toHaveCount(0);
    await expect(end).toHaveValue('16/07/2027');
    await page.getByRole('button', { name: 'Choose End date' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'End date' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Choose End date' })).toBeFocused();
  });

  test('the date picker speaks the app language, not the browser one', async ({ page }) => {
    const account = await signUpViaApi(page, { preferredLanguage: 'es' });
    await signInViaApi(page, account.username, account.password);
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto('/web/teaching-class/new');
    await expect(page.getByRole('heading', { name: 'Nueva clase' })).toBeVisible();
    // The server drew the form: what is typed before the app took it over would not reach the form's state.
    await hydrated(page);
    await page.getByRole('textbox', { name: 'Fecha de inicio', exact: true }).fill('05/03/2027');
    await page.getByRole('button', { name: 'Elegir Fecha de inicio' }).click();
    const calendar = page.getByRole('dialog', { name: 'Fecha de inicio' });
    await expect(calendar.getByText('marzo 2027')).toBeVisible();
    // The open calendar fits a 320 px screen.
    const box = (await calendar.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(320);
    expect(await sideScroll(page)).toBeLessThanOrEqual(0);
    // Weeks start on Monday; the selected day reads in Spanish.
    await expect(calendar.getByRole('gridcell').first()).toHaveAccessibleName('lunes, 1 de marzo de 2027');
    await expect(calendar.getByRole('gridcell', { name: 'viernes, 5 de marzo de 2027, seleccionado' })).toBeVisible();
    // No subscription: no subscription field to preselect.
    await expect(page.getByLabel('Suscripción')).toHaveCount(0);
  });

  test('one success toast at a time, a red Remove, and fields that cannot change look it', async ({ page }) => {
    const account = await signUpViaApi(page);
    const { token } = await signInViaApi(page, account.username, account.password);
    const res = await page.request.post('/api/auth/v1/teaching-class', {
      headers: { authorization: `Bearer ${token}` },
      data: { name: unique('Birch '), year: 2026, start: '2026-09-01', end: '2027-07-15' },
    });
    const classId = ((await res.json()) as { id: number }).id;
    await page.goto(`/web/teaching-class/${classId}/student/add`);
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
      // At once, not after the older toasts time out: the new toast took the place of the previous one.
      expect(await page.getByText(/has been added\.$/).count()).toBe(1);
    }

    await page.goto(`/web/teaching-class/${classId}/students`);
    const remove = page.getByRole('button', { name: 'Remove Ana Lima' });
    await expect(remove).toBeVisible();
    expect(await remove.evaluate((el) => getComputedStyle(el).color)).toBe(await colourOf(page, 'text-red-700', 'color'));

    await page.goto('/web/profile/edit');
    const username = page.getByLabel('Username');
    await expect(username).toBeDisabled();
    expect(await username.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      await colourOf(page, 'bg-slate-100', 'backgroundColor'),
    );
  });

  test('the sign-in page does not move when the demo accounts arrive', async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as { shifts: number }).shifts = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!e.hadRecentInput) (window as unknown as { shifts: number }).shifts += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/web/sign-in');
    await expect(page.getByRole('button', { name: 'Use the teacher account' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThan(0.01);
  });

  test('texts say what works: class code, parent code, empty dashboard, FAQ', async ({ page }) => {
    const account = await signUpViaApi(page);
    await signInViaApi(page, account.username, account.password);
    await page.goto('/web/');
    await expect(page.getByText('Create your first class and add your students.')).toBeVisible();
    // The joining, linking and notification flows exist now: the FAQ tells where they are.
    const faq = await (await page.request.get('/web/legal/faq.html')).text();
    for (const where of ['<em>Join a class</em>', '<em>Teachers</em>', '<em>Link a student</em>', '<em>Family access</em>'])
      expect(faq).toContain(where);

    await signInViaApi(page, 'teacher');
    await page.goto('/web/');
    await page.getByRole('link', { name: /Year 4 Sunflowers/ }).click();
    await page.getByText('Class details', { exact: true }).click();
    const hint = 'A teacher enters this code under Join a class on their dashboard to ask to join; ';
    await expect(page.getByText(`${hint}the class creator accepts on the Teachers screen.`)).toBeVisible();
    await page.getByRole('link', { name: 'Teachers', exact: false }).first().click();
    await expect(page.getByRole('heading', { name: 'Teachers of Year 4 Sunflowers' })).toBeVisible();
  });
});

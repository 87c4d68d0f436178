import { type Page } from '@playwright/test';
import { expect, test } from './hydrated-test';
import { expectAccessible, signInViaApi, signUpViaApi, unique } from './fixtures';

// Issue 36 §9: the school typed at sign-up was dropped unless "Add … as a new school" was tapped.

const schoolField = (page: Page) => page.getByRole('textbox', { name: 'School' });

async function fillSignUp(page: Page, school: string) {
  const username = unique('school');
  await page.goto('/web/sign-up');
  await page.getByLabel('Teacher').check();
  await page.getByLabel('First name').fill('Noor');
  await page.getByLabel('Last name').fill('Haddad');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('E-mail').fill(`${username}@example.test`);
  await page.getByLabel(/^Password/).fill('a long enough password');
  await schoolField(page).fill(school);
  await page.getByLabel('I have read and agree to the privacy policy').check();
}

/** The schools whose name holds `name` (case and accents aside), as the sign-up list finds them. */
async function schoolsNamed(page: Page, name: string) {
  const res = await page.request.get(`/api/public/v1/schools?name=${encodeURIComponent(name)}`);
  return ((await res.json()) as { 'hydra:member': { name: string }[] })['hydra:member'].map((s) => s.name);
}

test.describe('the school typed at sign-up and on the profile', () => {
  test('a school typed and not chosen is created, and the profile shows it', async ({ page }) => {
    const name = `Lakeside Montessori ${unique('')}`;
    await fillSignUp(page, name);
    // Typed text stands as the new school: the list says so before anything is tapped.
    await expect(page.getByRole('radio', { name: `Add “${name}” as a new school` })).toBeChecked();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { name: 'Hello, Noor' })).toBeVisible();
    await page.goto('/web/profile/edit');
    await expect(schoolField(page)).toHaveValue(name);
    expect(await schoolsNamed(page, name)).toEqual([name]);
  });

  test("an existing school's name typed in another case and without its accents is that school, not a second one", async ({ page }) => {
    // Submitted at once, before the list could answer: the server matches the name the same way.
    await fillSignUp(page, 'riverside PRIMARY school');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { name: 'Hello, Noor' })).toBeVisible();
    await page.goto('/web/profile/edit');
    await expect(schoolField(page)).toHaveValue('Riverside Primary School');

    // Waiting for the list: the school of that name is picked by itself.
    const accented = `École Riverside ${unique('')}`;
    await signUpViaApi(page, { schoolName: accented });
    await page.context().clearCookies();
    await fillSignUp(page, accented.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase());
    await expect(page.getByRole('radio', { name: accented })).toBeChecked();
    await expect(page.getByRole('radio', { name: /as a new school/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { name: 'Hello, Noor' })).toBeVisible();
    expect(await schoolsNamed(page, 'riverside primary')).toEqual(['Riverside Primary School']);
    expect(await schoolsNamed(page, accented)).toEqual([accented]);
  });

  test('the profile keeps a school typed and not chosen, and says what is wrong with one it cannot add', async ({ page }) => {
    const { username, password } = await signUpViaApi(page);
    await signInViaApi(page, username, password);
    await page.goto('/web/profile/edit');
    await schoolField(page).fill('x'.repeat(201));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('This value is too long. It should have 200 characters or less.')).toBeVisible();
    await expect(schoolField(page)).toHaveAttribute('aria-invalid', 'true');

    const name = `Harbour View College ${unique('')}`;
    await schoolField(page).fill(name);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Your profile has been saved.')).toBeVisible();
    await page.reload();
    await expect(schoolField(page)).toHaveValue(name);
  });

  for (const locale of ['en', 'zh-HK', 'es'])
    test(`sign-up with a typed school reads well at 320, 360 and 1280 px in ${locale}`, async ({ page }) => {
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      await page.addInitScript((l) => localStorage.setItem('locale', l), locale);
      await page.goto('/web/sign-up');
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await page.locator('input[autocomplete="organization"]').fill('Riverside Lakes Academy of the Arts');
      await expect(page.locator('fieldset[aria-busy="false"] input[type="radio"]:checked')).toHaveCount(1);
      for (const width of [320, 360, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        // The field and its list (the new school chosen) in view.
        await page.locator('fieldset[aria-busy]').evaluate((e) => e.scrollIntoView({ block: 'end' }));
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await page.screenshot({ path: test.info().outputPath(`sign-up-school-${locale}-${width}.png`) });
      }
      await expectAccessible(page, `sign-up school ${locale}`);
      expect(errors).toEqual([]);
    });
});

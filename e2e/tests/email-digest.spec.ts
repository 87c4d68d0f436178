import { expect, test } from './hydrated-test';
import { expectAccessible, screenReady, signInViaApi, signUpViaApi } from './fixtures';
import { expectNoSideScroll } from './rating-helpers';

/** DESIGN §11 e-mail digests on the profile: families start weekly and choose daily, weekly or off. */
test.describe('e-mail digest', () => {
  test('a family sees its weekly digest and turns it off with a keyboard alone; the choice stays', async ({ page }, info) => {
    const parent = await signUpViaApi(page, { accountTypeRadio: 'parent_user' });
    await signInViaApi(page, parent.username, parent.password);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/web/profile/edit');
    await screenReady(page);
    const section = page.getByRole('region', { name: 'E-mail digest' });
    await section.scrollIntoViewIfNeeded();
    const select = section.getByLabel('How often');
    await expect(select).toHaveValue('weekly');
    await expectAccessible(page, 'e-mail digest');
    await section.screenshot({ path: info.outputPath('email-digest-en-1280.png') });

    await select.focus();
    await select.selectOption('off');
    await section.getByRole('button', { name: 'Save e-mail digest' }).press('Enter');
    await expect(page.getByText('E-mail digest saved.')).toBeVisible();
    await page.reload();
    await screenReady(page);
    await expect(page.getByRole('region', { name: 'E-mail digest' }).getByLabel('How often')).toHaveValue('off');
    // Saved a second time: the subscription made by the first save is changed, not made again.
    await page.getByRole('region', { name: 'E-mail digest' }).getByLabel('How often').selectOption('daily');
    await page.getByRole('region', { name: 'E-mail digest' }).getByRole('button', { name: 'Save e-mail digest' }).click();
    await expect(page.getByText('E-mail digest saved.')).toBeVisible();
    await page.reload();
    await screenReady(page);
    await expect(page.getByRole('region', { name: 'E-mail digest' }).getByLabel('How often')).toHaveValue('daily');
  });

  for (const [lang, title, width] of [
    ['en', 'E-mail digest', 320],
    ['es', 'Resumen por correo', 360],
    ['zh-HK', '電郵摘要', 320],
  ] as const) {
    test(`reads in ${lang} at ${width} px without sideways scroll`, async ({ page }, info) => {
      const parent = await signUpViaApi(page, { accountTypeRadio: 'parent_user', preferredLanguage: lang });
      await signInViaApi(page, parent.username, parent.password);
      await page.setViewportSize({ width, height: 700 });
      await page.goto('/web/profile/edit');
      await screenReady(page);
      const section = page.getByRole('region', { name: title });
      await section.scrollIntoViewIfNeeded();
      await expect(section.getByRole('combobox')).toHaveValue('weekly');
      await expectNoSideScroll(page);
      await section.screenshot({ path: info.outputPath(`email-digest-${lang}-${width}.png`) });
    });
  }
});

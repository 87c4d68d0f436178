import { expect, test } from './hydrated-test';
import { expectAccessible, screenReady, signInViaApi, signUpViaApi } from './fixtures';
import { expectNoSideScroll } from './rating-helpers';

/** DESIGN §11 quiet hours on the profile: a family starts with 20:00–07:00 in its browser's zone, and can change them. */
test.describe('quiet hours', () => {
  test('a family sees its quiet nights, changes them and turns them off, with a keyboard alone', async ({ page }) => {
    const parent = await signUpViaApi(page, { accountTypeRadio: 'parent_user', timeZone: 'Asia/Hong_Kong' });
    await signInViaApi(page, parent.username, parent.password);
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto('/web/profile/edit');
    await screenReady(page);
    const section = page.getByRole('region', { name: 'Quiet hours' });
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByRole('checkbox', { name: 'Keep notifications quiet at night' })).toBeChecked();
    await expect(section.getByLabel('Quiet from')).toHaveValue('20:00');
    await expect(section.getByLabel('Quiet until')).toHaveValue('07:00');
    await expect(section.getByLabel('Time zone')).toHaveValue('Asia/Hong_Kong');
    await expectNoSideScroll(page);
    await expectAccessible(page, 'quiet hours');

    await section.getByLabel('Quiet from').fill('21:30');
    await section.getByLabel('Time zone').selectOption('Europe/Madrid');
    await section.getByRole('button', { name: 'Save quiet hours' }).click();
    await expect(page.getByText('Quiet hours saved.')).toBeVisible();
    await page.reload();
    await screenReady(page);
    await expect(page.getByRole('region', { name: 'Quiet hours' }).getByLabel('Quiet from')).toHaveValue('21:30');
    await expect(page.getByRole('region', { name: 'Quiet hours' }).getByLabel('Time zone')).toHaveValue('Europe/Madrid');

    // Keyboard alone: Space turns them off, Enter on Save keeps it.
    const box = page.getByRole('region', { name: 'Quiet hours' }).getByRole('checkbox');
    await box.focus();
    await page.keyboard.press('Space');
    await expect(page.getByRole('region', { name: 'Quiet hours' }).getByLabel('Quiet from')).toHaveCount(0);
    await page.getByRole('region', { name: 'Quiet hours' }).getByRole('button', { name: 'Save quiet hours' }).press('Enter');
    await expect(page.getByText('Quiet hours saved.')).toBeVisible();
    await page.reload();
    await screenReady(page);
    await expect(page.getByRole('region', { name: 'Quiet hours' }).getByRole('checkbox')).not.toBeChecked();
  });

  for (const [lang, title] of [
    ['es', 'Horas de silencio'],
    ['zh-HK', '免打擾時段'],
  ] as const) {
    test(`reads in ${lang} at 320 px without sideways scroll`, async ({ page }, info) => {
      const parent = await signUpViaApi(page, { accountTypeRadio: 'parent_user', preferredLanguage: lang });
      await signInViaApi(page, parent.username, parent.password);
      await page.setViewportSize({ width: 320, height: 700 });
      await page.goto('/web/profile/edit');
      await screenReady(page);
      const section = page.getByRole('region', { name: title });
      await section.scrollIntoViewIfNeeded();
      await expect(section.getByRole('checkbox')).toBeChecked();
      await expectNoSideScroll(page);
      await section.screenshot({ path: info.outputPath(`quiet-hours-${lang}.png`) });
    });
  }
});

import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signInViaApi, signUpViaApi, unique } from './fixtures';

for (const [locale, open] of [['zh-HK', '列印家長信'], ['es', 'Imprimir cartas para las familias']] as const) {
  test(`shots ${locale}`, async ({ page }) => {
    const a = await signUpViaApi(page, { preferredLanguage: locale });
    const { token } = await signInViaApi(page, a.username, a.password);
    const h = { authorization: `Bearer ${token}` };
    const cls = await (await page.request.post('/api/auth/v1/teaching-class', { headers: h, data: { name: unique('C '), year: 2026, start: '2026-09-01', end: '2027-07-15' } })).json();
    for (const n of ['Alexandra Konstantinopoulou-Smith', 'Bo Li', '陳 大文'])
      await page.request.post('/api/auth/v1/teaching-class-student', { headers: h, data: { teachingClass: cls['@id'], firstName: n } });
    for (const width of [1280, 320]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/web/teaching-class/${cls.id}`);
      if (width === 320) await page.locator('summary').first().click();
      await page.getByRole('button', { name: open }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.screenshot({ path: path.join(os.tmpdir(), `letters-${locale}-${width}.png`) });
      const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(wide).toBe(false);
    }
  });
}

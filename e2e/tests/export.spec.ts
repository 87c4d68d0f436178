import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from './hydrated-test';
import JSZip from 'jszip';
import { expectAccessible, signInViaApi } from './fixtures';
import { shots } from './rating-helpers';
import { demoIds } from './routes';

test.describe('record export (DESIGN §6)', () => {
  test("a parent downloads their child's record and reads it from disk, photos shown", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signInViaApi(page, 'parent');
    await page.goto('/web/');
    await page
      .getByRole('link', { name: /Ella Taylor/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ella Taylor' })).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download record' }).click();
    const download = await downloading;
    await expect(page.getByText('Download complete.')).toBeVisible();
    await expectAccessible(page, "parent's child with the record downloaded");
    fs.mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: path.join(shots, 'export-parent-child-360.png'), fullPage: true });

    // Unzipped as a family would, then opened from disk.
    expect(download.suggestedFilename()).toMatch(/^record-Ella-Taylor-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = await JSZip.loadAsync(fs.readFileSync(await download.path()));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillroom-export-'));
    try {
      for (const [name, entry] of Object.entries(zip.files)) {
        if (entry.dir) continue;
        const file = path.join(dir, name);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, await entry.async('nodebuffer'));
      }
      for (const name of ['index.html', 'portfolio.pdf', 'report.xlsx', 'ratings.csv', 'ratings.json'])
        expect(fs.existsSync(path.join(dir, name)), name).toBe(true);
      await page.goto(pathToFileURL(path.join(dir, 'index.html')).href);
      await expect(page.getByRole('heading', { level: 1, name: /Ella Taylor/ })).toBeVisible();
      const photos = page.locator('.photos img');
      expect(await photos.count()).toBeGreaterThan(0);
      await page.waitForFunction(() => Array.from(document.images).every((i) => i.complete));
      const widths = await page.evaluate(() => Array.from(document.images).map((i) => i.naturalWidth));
      expect(
        widths.every((w) => w > 0),
        `every image loads from disk: ${widths.join(', ')}`,
      ).toBe(true);
      await page.screenshot({ path: path.join(shots, 'export-index-360.png') });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a teacher exports the class from the class page, with progress; an evaluator is not offered it', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const classId = (await demoIds(page.request)).class;
    await signInViaApi(page, 'teacher');
    await page.goto(`/web/teaching-class/${classId}`);
    // The class's details, its export among them, are folded under "Class details" (on every width: issue 36).
    await page.getByText('Class details', { exact: true }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export class' }).click();
    await expect(page.getByRole('button', { name: 'Cancel download' })).toBeVisible();
    const download = await downloading;
    await expect(page.getByText('Download complete.')).toBeVisible();
    const zip = await JSZip.loadAsync(fs.readFileSync(await download.path()));
    expect(Object.keys(zip.files)).toEqual(
      expect.arrayContaining(['class-report.pdf', 'class-report.xlsx', 'ratings.csv', 'ratings.json']),
    );
    await page.screenshot({ path: path.join(shots, 'export-class-360.png'), fullPage: true });

    await page.context().clearCookies();
    await signInViaApi(page, 'evaluator');
    await page.goto(`/web/teaching-class/${classId}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByText('Class details', { exact: true }).click();
    await expect(page.getByText('Dates', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export class' })).toHaveCount(0);
  });
});

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectAccessible, PNG_48, unique } from './fixtures';
import { classWithStudents, fakeMediaLaunch, holdUploads, shots } from './rating-helpers';

test.use({ launchOptions: fakeMediaLaunch });

test.describe('ratings and reports', () => {
  test('rate three students with two actions and evidence, change an action, rate the whole class, read and download the report', async ({ page }) => {
    const errors: string[] = [];
    // The upload this test fails on purpose is the only error the browser may log.
    page.on('console', (m) => m.type() === 'error' && !/status of 500/.test(m.text()) && errors.push(m.text()));
    page.on('response', (r) => r.status() >= 400 && r.status() !== 500 && errors.push(`${r.status()} ${r.url()}`));
    const { classId, name } = await classWithStudents(page);
    await page.goto(`/web/teaching-class/${classId}`);
    await expect(page.getByRole('heading', { name: 'Ratings', exact: true })).toBeVisible();
    await expect(page.getByText('No ratings yet.', { exact: false })).toBeVisible();

    // Select mode: three students, one skill, two of its actions, points and a note.
    await page.getByRole('button', { name: 'Rate', exact: true }).click();
    const panel = page.getByRole('region', { name: 'New rating' });
    await expect(panel).toBeVisible();
    await expect(panel.getByText('No student selected: the rating is for the whole class.')).toBeVisible();
    for (const n of ['Ana Lima', 'Ben Okoro', 'Cara Novak']) await page.getByRole('checkbox', { name: n }).check({ force: true });
    await expect(panel.getByText('3 students selected')).toBeVisible();
    await panel.getByRole('radio', { name: 'Communication' }).check({ force: true });
    await panel.getByRole('checkbox', { name: 'Listens actively' }).check({ force: true });
    await panel.getByRole('checkbox', { name: 'Explains ideas clearly' }).check({ force: true });
    // Another skill clears the chosen actions; coming back starts again.
    await panel.getByRole('radio', { name: 'Kindness' }).check({ force: true });
    await expect(panel.getByRole('checkbox', { name: 'Listens actively' })).toHaveCount(0);
    await panel.getByRole('radio', { name: 'Communication' }).check({ force: true });
    await expect(panel.getByRole('checkbox', { name: 'Listens actively' })).not.toBeChecked();
    await panel.getByRole('checkbox', { name: 'Listens actively' }).check({ force: true });
    await panel.getByRole('checkbox', { name: 'Explains ideas clearly' }).check({ force: true });
    await panel.getByRole('radio', { name: '4 of 5 points' }).check({ force: true });
    await panel.getByLabel('Note (optional)').fill('Led the group discussion.');

    // A photo, held on the way so that its progress bar shows; then it is done.
    const hold = await holdUploads(page);
    await page.locator('input[data-media-type="34"]').setInputFiles({ name: 'group.png', mimeType: 'image/png', buffer: PNG_48 });
    await expect(panel.getByRole('progressbar', { name: 'Uploading group.png' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Save 2 ratings' })).toBeDisabled();
    await expectAccessible(page, 'rating panel with an upload');
    // A second one is cancelled while it uploads.
    await page.locator('input[data-media-type="37"]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') });
    await panel.getByRole('button', { name: 'Cancel upload of notes.txt' }).click();
    await expect(panel.getByText('notes.txt')).toHaveCount(0);
    hold.release();
    await expect(panel.getByRole('progressbar')).toHaveCount(0);
    await expect(panel.getByRole('button', { name: 'Remove group.png' })).toBeVisible();
    await hold.stop();

    // A failed upload says so, beside its file.
    await page.route('**/api/auth/v1/media', (route) => route.fulfill({ status: 500, body: 'boom' }), { times: 1 });
    await page.locator('input[data-media-type="37"]').setInputFiles({ name: 'broken.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
    await expect(panel.getByText('Unable to upload media file.')).toBeVisible();
    await panel.getByRole('button', { name: 'Remove broken.pdf' }).click();

    // Audio recorded from the (fake) microphone.
    await panel.getByRole('button', { name: 'Record audio' }).click();
    await expect(panel.getByText(/Recording \d:\d\d/)).toBeVisible();
    await page.waitForTimeout(1200);
    await panel.getByRole('button', { name: 'Stop recording' }).click();
    await expect(panel.getByRole('button', { name: /Remove recording-.*\.webm/ })).toBeVisible({ timeout: 20_000 });
    await page.screenshot({ path: path.join(shots, 'rating-panel-1280.png'), fullPage: true });

    await panel.getByRole('button', { name: 'Save 2 ratings' }).click();
    await expect(page.getByText('2 ratings saved.')).toBeVisible();
    await expect(panel).toHaveCount(0);
    const feed = page.getByRole('list', { name: 'Ratings' });
    await expect(feed.getByRole('article')).toHaveCount(2);
    const listens = feed.getByRole('article', { name: 'Communication: Listens actively' });
    await expect(listens.getByText('Ana Lima')).toBeVisible();
    await expect(listens.getByText('Cara Novak')).toBeVisible();
    await expect(listens.getByRole('img', { name: '4 of 5 points' })).toBeVisible();
    await expect(listens.getByRole('img', { name: 'Photo group.png' })).toBeVisible();
    await expect(listens.getByLabel(/Recording recording-/)).toBeVisible();
    // Each rating keeps its own copy of the evidence.
    await expect(feed.getByRole('article', { name: 'Communication: Explains ideas clearly' }).getByRole('img', { name: 'Photo group.png' })).toBeVisible();
    await expectAccessible(page, 'class detail with ratings');

    // "Update" turns on edit mode: exactly one action can be chosen.
    await listens.getByRole('button', { name: 'Update' }).click();
    const update = page.getByRole('region', { name: 'Update rating' });
    await expect(update.getByRole('radio', { name: 'Listens actively' })).toBeChecked();
    await update.getByRole('radio', { name: 'Speaks up in a group' }).check({ force: true });
    await expect(update.getByRole('radio', { name: 'Listens actively' })).not.toBeChecked();
    await expect(update.getByRole('checkbox')).toHaveCount(0);
    await update.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('checkbox', { name: 'Ana Lima' })).toHaveCount(0);
    // Updating for real: another action, one student fewer, more points; still one rating.
    await listens.getByRole('button', { name: 'Update' }).click();
    await update.getByRole('radio', { name: 'Speaks up in a group' }).check({ force: true });
    await page.getByRole('checkbox', { name: 'Cara Novak' }).uncheck();
    await update.getByRole('radio', { name: '5 of 5 points' }).check({ force: true });
    await update.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('The rating has been saved.')).toBeVisible();
    const speaks = feed.getByRole('article', { name: 'Communication: Speaks up in a group' });
    await expect(speaks.getByRole('img', { name: '5 of 5 points' })).toBeVisible();
    await expect(speaks.getByText('Ben Okoro')).toBeVisible();
    await expect(speaks.getByText('Cara Novak')).toHaveCount(0);
    await expect(speaks.getByRole('img', { name: 'Photo group.png' })).toBeVisible();
    await expect(feed.getByRole('article')).toHaveCount(2);

    // The edit-action screen changes the action of one rating; only one can be chosen.
    await speaks.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByRole('heading', { name: 'Edit rating' })).toBeVisible();
    await expectAccessible(page, 'edit rating');
    await page.getByRole('link', { name: 'Change action' }).click();
    await expect(page.getByRole('heading', { name: "Change the rating's action" })).toBeVisible();
    await expectAccessible(page, 'edit rating action');
    await expect(page.getByRole('radio', { name: 'Speaks up in a group' })).toBeChecked();
    await page.getByRole('radio', { name: 'Asks thoughtful questions' }).check({ force: true });
    await expect(page.getByRole('radio', { name: 'Speaks up in a group' })).not.toBeChecked();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The rating has been saved.')).toBeVisible();
    await expect(feed.getByRole('article', { name: 'Communication: Asks thoughtful questions' })).toBeVisible();
    await expect(feed.getByRole('article', { name: 'Communication: Speaks up in a group' })).toHaveCount(0);

    // The whole class, rated with no student chosen.
    await page.getByRole('button', { name: 'Rate', exact: true }).click();
    await panel.getByRole('radio', { name: 'Kindness' }).check({ force: true });
    await panel.getByRole('checkbox', { name: 'Includes others' }).check({ force: true });
    await panel.getByRole('button', { name: 'Save rating' }).click();
    await expect(page.getByText('1 rating saved.')).toBeVisible();
    const whole = feed.getByRole('article', { name: 'Kindness: Includes others' });
    await expect(whole.getByText('Whole class')).toBeVisible();
    await expect(feed.getByRole('article')).toHaveCount(3);
    await page.screenshot({ path: path.join(shots, 'class-detail-1280.png'), fullPage: true });

    // A student's feed has their ratings and the whole-class one, marked.
    await page.getByRole('link', { name: 'Ben Okoro' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ben Okoro' })).toBeVisible();
    const benFeed = page.getByRole('list', { name: 'Ratings' });
    await expect(benFeed.getByRole('article')).toHaveCount(3);
    await expect(benFeed.getByRole('article', { name: 'Kindness: Includes others' }).getByText('Whole class')).toBeVisible();
    await expectAccessible(page, 'student detail with ratings');
    await benFeed.getByRole('article', { name: 'Kindness: Includes others' }).getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/\/student\/\d+\/rating\/\d+\/edit$/);
    await page.getByLabel('Note (optional)').fill('Everyone joined in.');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ben Okoro' })).toBeVisible();
    await expect(page.getByText('Everyone joined in.')).toBeVisible();

    // The class report: totals, charts, the students × skills table; another range.
    await page.goto(`/web/teaching-class/${classId}`);
    await page.getByRole('link', { name: 'Class report' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Report: ${name}` })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Whole class span' })).toBeChecked();
    await expect(page.locator('dl').getByText('Ratings', { exact: true })).toBeVisible();
    await expect(page.locator('dl dd').first()).toHaveText('3');
    await expect(page.getByRole('img', { name: /Bar chart of ratings by skill: .*Communication: 2/ })).toBeVisible();
    await expect(page.getByRole('img', { name: /Bar chart of ratings by skill: .*Kindness: 1/ })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Students by skill' }).getByRole('row', { name: /Ana Lima/ })).toBeVisible();
    await expectAccessible(page, 'class report');
    await page.screenshot({ path: path.join(shots, 'class-report-1280.png'), fullPage: true });
    await page.getByText('Custom', { exact: true }).click();
    const year = new Date().getFullYear() - 1;
    await page.getByLabel('From', { exact: true }).fill(`01/09/${year}`);
    await page.getByLabel('To', { exact: true }).fill(`30/09/${year}`);
    await expect(page).toHaveURL(new RegExp(`startDate=${year}-09-01&endDate=${year}-09-30`));
    await expect(page.getByText('No ratings in this range.', { exact: false })).toBeVisible();
    await page.getByText('This month', { exact: true }).click();
    await expect(page.locator('dl dd').first()).toHaveText('3');

    // The PDF: its text and a chart drawn in the skill's colour.
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
    const pdfPath = path.join(os.tmpdir(), `${unique('report')}.pdf`);
    await pdf.saveAs(pdfPath);
    // poppler-utils (pdftotext, pdftoppm) read the PDF as a person would see it; .ci/run installs them.
    expect(fs.existsSync('/usr/bin/pdftotext'), 'pdftotext from poppler-utils').toBe(true);
    const text = execFileSync('pdftotext', ['-layout', pdfPath, '-']).toString();
    expect(text).toContain(name);
    expect(text).toContain('Communication');
    expect(text).toContain('Kindness');
    const pngBase = pdfPath.replace(/\.pdf$/, '');
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', pdfPath, pngBase]);
    const png = fs.readdirSync(os.tmpdir()).find((f) => f.startsWith(path.basename(pngBase)) && f.endsWith('.png'))!;
    const sharp = (await import('sharp')).default;
    const { data, info } = await sharp(path.join(os.tmpdir(), png)).raw().toBuffer({ resolveWithObject: true });
    // Communication's colour, #2f6fdf: the bar of its chart.
    let blue = 0;
    for (let i = 0; i < data.length; i += info.channels)
      if (Math.abs(data[i]! - 0x2f) < 12 && Math.abs(data[i + 1]! - 0x6f) < 12 && Math.abs(data[i + 2]! - 0xdf) < 12) blue++;
    expect(blue, 'pixels of the Communication bar').toBeGreaterThan(50);
    const [sheet] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download spreadsheet' }).click()]);
    expect(sheet.suggestedFilename()).toMatch(/\.xlsx$/);
    expect(
      fs
        .readFileSync((await sheet.path())!)
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');

    // Deleting asks first, then the rating leaves the feed.
    await page.goto(`/web/teaching-class/${classId}`);
    await feed.getByRole('article', { name: 'Kindness: Includes others' }).getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('button', { name: 'Delete rating' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this rating?' });
    await expectAccessible(page, 'delete rating dialog');
    await dialog.getByRole('button', { name: 'Delete rating' }).click();
    await expect(page.getByText('The rating has been deleted.')).toBeVisible();
    await expect(feed.getByRole('article')).toHaveCount(2);
    expect(errors).toEqual([]);
  });
});

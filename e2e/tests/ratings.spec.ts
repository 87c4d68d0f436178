import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './hydrated-test';
import { expectAccessible, PNG_48, unique } from './fixtures';
import { API, apiPost, classWithStudents, fakeMediaLaunch, holdUploads, shots } from './rating-helpers';

test.use({ launchOptions: fakeMediaLaunch });

test.describe('ratings and reports', () => {
  test('rate three students with two actions and evidence as one observation, then edit the observation', async ({ page }) => {
    // A journey with uploads and an edit: about 24 s here, a third of this.
    test.setTimeout(90_000);
    const errors: string[] = [];
    // The upload this test fails on purpose is the only error the browser may log.
    page.on('console', (m) => m.type() === 'error' && !/status of 500/.test(m.text()) && errors.push(m.text()));
    page.on('response', (r) => r.status() >= 400 && r.status() !== 500 && errors.push(`${r.status()} ${r.url()}`));
    const { classId } = await classWithStudents(page);
    await page.goto(`/web/teaching-class/${classId}`);
    await expect(page.getByRole('heading', { name: 'Ratings', exact: true })).toBeVisible();
    await expect(page.getByText('No ratings yet.', { exact: false })).toBeVisible();

    // The rating sheet's full form ("More options"): three students, one skill, two of its actions, points and a note.
    await page.getByRole('button', { name: 'Rate Ana Lima' }).click();
    await page.getByRole('dialog', { name: 'Rate Ana Lima' }).getByRole('button', { name: 'More options' }).click();
    // The sheet's title follows whom the picker holds (issue 36 §4).
    const panel = page.getByRole('dialog');
    // Who is rated shows as chips; the checklist opens on demand (issue 36 §3).
    await expect(panel.getByRole('list', { name: 'Students rated' }).getByRole('listitem')).toHaveText([/Ana Lima$/]);
    await panel.getByRole('button', { name: 'Change students' }).click();
    await expect(panel.getByText('1 student selected')).toBeVisible();
    await panel.getByRole('checkbox', { name: 'Ana Lima' }).uncheck();
    await expect(panel.getByText('No student selected: the rating is for the whole class.')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Rate the whole class' })).toBeVisible();
    for (const n of ['Ana Lima', 'Ben Okoro', 'Cara Novak']) await panel.getByRole('checkbox', { name: n }).check();
    await expect(panel.getByText('3 students selected')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Rate 3 students' })).toBeVisible();
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
    await page
      .locator('input[data-media-type="37"]')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') });
    await panel.getByRole('button', { name: 'Cancel upload of notes.txt' }).click();
    await expect(panel.getByText('notes.txt')).toHaveCount(0);
    hold.release();
    await expect(panel.getByRole('progressbar')).toHaveCount(0);
    await expect(panel.getByRole('button', { name: 'Remove group.png' })).toBeVisible();
    await hold.stop();

    // A failed upload says so, beside its file.
    await page.route('**/api/auth/v1/media', (route) => route.fulfill({ status: 500, body: 'boom' }), { times: 1 });
    await page
      .locator('input[data-media-type="37"]')
      .setInputFiles({ name: 'broken.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
    await expect(panel.getByText('Unable to upload media file.')).toBeVisible();
    await panel.getByRole('button', { name: 'Remove broken.pdf' }).click();

    // Audio recorded from the (fake) microphone.
    await panel.getByRole('button', { name: 'Record audio' }).click();
    await expect(panel.getByText(/Recording \d:\d\d/)).toBeVisible();
    await page.waitForTimeout(1200);
    await panel.getByRole('button', { name: 'Stop recording' }).click();
    await expect(panel.getByRole('button', { name: /Remove recording-.*\.webm/ })).toBeVisible({ timeout: 20_000 });
    await page.screenshot({ path: path.join(shots, 'rating-panel-1280.png') });

    await panel.getByRole('button', { name: 'Save 2 ratings' }).click();
    await expect(page.getByText('2 ratings saved for 3 students.')).toBeVisible();
    await expect(panel).toBeHidden();
    // The two ratings saved together are one observation: one card, the note and each file once.
    const feed = page.getByRole('list', { name: 'Ratings' });
    await expect(feed.getByRole('article')).toHaveCount(1);
    const card = feed.getByRole('article', { name: 'Communication: Explains ideas clearly; Communication: Listens actively' });
    await expect(card).toBeFocused();
    await expect(card.getByText('Ana Lima')).toBeVisible();
    await expect(card.getByText('Cara Novak')).toBeVisible();
    await expect(card.getByRole('img', { name: '4 of 5 points' })).toHaveCount(2);
    await expect(card.getByRole('img', { name: 'Photo group.png' })).toHaveCount(1);
    await expect(card.getByLabel(/Recording recording-/)).toHaveCount(1);
    await expect(card.getByText('Led the group discussion.')).toHaveCount(1);
    await expectAccessible(page, 'class detail with ratings');

    // One "Edit" per card, for the whole observation: an action swapped, one student fewer, more points.
    await expect(card.getByRole('button', { name: 'Update' })).toHaveCount(0);
    await card.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByRole('heading', { name: 'Edit rating' })).toBeVisible();
    await expectAccessible(page, 'edit rating');
    await expect(page.getByRole('checkbox', { name: 'Listens actively' })).toBeChecked();
    await page.getByRole('checkbox', { name: 'Listens actively' }).uncheck({ force: true });
    await page.getByRole('checkbox', { name: 'Speaks up in a group' }).check({ force: true });
    await page.getByRole('button', { name: 'Change students' }).click();
    await page.getByRole('checkbox', { name: 'Cara Novak' }).uncheck();
    await page.getByRole('radio', { name: '5 of 5 points' }).check({ force: true });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('The rating has been saved.')).toBeVisible();
    const changed = feed.getByRole('article', { name: 'Communication: Speaks up in a group; Communication: Explains ideas clearly' });
    await expect(changed).toBeFocused();
    await expect(changed.getByRole('img', { name: '5 of 5 points' })).toHaveCount(2);
    await expect(changed.getByText('Ben Okoro')).toBeVisible();
    await expect(changed.getByText('Cara Novak')).toHaveCount(0);
    await expect(changed.getByRole('img', { name: 'Photo group.png' })).toHaveCount(1);
    await expect(feed.getByRole('article')).toHaveCount(1);
    // The old edit-action screen lands on the one editor.
    const editPath = await changed.getByRole('link', { name: 'Edit' }).getAttribute('href');
    await page.goto(`${editPath}/action`);
    await expect(page.getByRole('heading', { name: 'Edit rating' })).toBeVisible();
    await expect(page).toHaveURL(/\/edit$/);
    await page.getByRole('button', { name: 'Cancel' }).click();

    expect(errors).toEqual([]);
  });

  test('rate the whole class in the quick sheet, read a student’s feed, read and download the report, delete', async ({ page }) => {
    // A journey through the sheet, a feed, the report and its download: about 26 s here, a third of this.
    test.setTimeout(90_000);
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('response', (r) => r.status() >= 400 && errors.push(`${r.status()} ${r.url()}`));
    const { classId, name, token } = await classWithStudents(page);
    const skills = (await (
      await page.request.get(`${API}/teaching-class/${classId}/learning-skills`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as {
      'hydra:member': { colorCode: string; learningActions: { id: number }[] }[];
    };
    // Two actions of Communication (its colour is #2f6fdf) saved together for Ana and Ben: one observation.
    const communication = skills['hydra:member'].find((s) => s.colorCode.toLowerCase() === '#2f6fdf')!;
    const places = (await (
      await page.request.get(`${API}/teaching-class/${classId}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as {
      teachingClassStudents: { '@id': string; firstName: string }[];
    };
    const students = places.teachingClassStudents.filter((p) => p.firstName !== 'Cara').map((p) => p['@id']);
    const observation = crypto.randomUUID();
    const d = new Date();
    const day = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    for (const action of communication.learningActions.slice(0, 2))
      await apiPost(page, token, '/rating', {
        teachingClass: classId,
        learningAction: action.id,
        students,
        date: day,
        points: 5,
        observation,
      });
    await page.goto(`/web/teaching-class/${classId}`);
    const feed = page.getByRole('list', { name: 'Ratings' });
    await expect(feed.getByRole('article')).toHaveCount(1);

    // The whole class, rated in the quick sheet.
    await page.getByRole('button', { name: 'Whole class', exact: true }).click();
    const quick = page.getByRole('dialog', { name: 'Rate the whole class' });
    await quick.getByRole('button', { name: 'Kindness' }).click();
    await quick.getByRole('button', { name: 'Includes others' }).click();
    await expect(page.getByText('Saved: Includes others for the whole class')).toBeVisible();
    const whole = feed.getByRole('article', { name: 'Kindness: Includes others' });
    await expect(whole.getByText('Whole class')).toBeVisible();
    await expect(feed.getByRole('article')).toHaveCount(2);
    await page.screenshot({ path: path.join(shots, 'class-detail-1280.png'), fullPage: true });

    // A student's feed has their ratings and the whole-class one, marked; their page rates them too.
    await page.getByRole('link', { name: 'Ben Okoro' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ben Okoro' })).toBeVisible();
    const benFeed = page.getByRole('list', { name: 'Ratings' });
    await expect(benFeed.getByRole('article')).toHaveCount(2);
    await expect(benFeed.getByRole('article', { name: 'Kindness: Includes others' }).getByText('Whole class')).toBeVisible();
    await expectAccessible(page, 'student detail with ratings');
    await page.getByRole('button', { name: 'Rate', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Rate Ben Okoro' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Rate', exact: true })).toBeFocused();
    await benFeed.getByRole('article', { name: 'Kindness: Includes others' }).getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/\/student\/\d+\/rating\/\d+\/edit$/);
    await page.getByLabel('Note (optional)').fill('Everyone joined in.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ben Okoro' })).toBeVisible();
    await expect(page.getByText('Everyone joined in.')).toBeVisible();

    // The class report: totals, charts, the students × skills table; another range.
    await page.goto(`/web/teaching-class/${classId}`);
    await page.getByRole('link', { name: 'Class report' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Report: ${name}` })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Whole class span' })).toBeChecked();
    await expect(page.locator('dl').first().getByText('Ratings', { exact: true })).toBeVisible();
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
    const [sheet] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download as a spreadsheet' }).click(),
    ]);
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
    await expect(feed.getByRole('article')).toHaveCount(1);
    expect(errors).toEqual([]);
  });
});

import path from 'node:path';
import { expect, test } from './hydrated-test';
import { demoIds } from './routes';
import { expectAccessible, signInViaApi } from './fixtures';
import { API, apiPost, classWithStudents, expectNoSideScroll, shots } from './rating-helpers';

test.describe('rating and report screens', () => {
  // A test per locale, so that each stays well inside its timeout on a busy machine.
  for (const locale of ['es', 'zh-HK', 'en'] as const) {
    test(`the rating and report screens at 360 px in ${locale}`, async ({ page }) => {
      // Rating and report screens with axe on each: 26 to 31 s here, a third of this.
      test.setTimeout(100_000);
      await page.setViewportSize({ width: 360, height: 740 });
      const { token, classId } = await classWithStudents(page, 'es');
      const skills = (await (
        await page.request.get(`${API}/teaching-class/${classId}/learning-skills`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as {
        'hydra:member': { id: number; learningActions: { id: number }[] }[];
      };
      const skill = skills['hydra:member'][0]!;
      const today = new Date().toISOString().slice(0, 10);
      const rating = await apiPost<{ id: number }>(page, token, '/rating', {
        teachingClass: classId,
        learningAction: skill.learningActions[0]!.id,
        date: today,
        points: 3,
        students: [],
      });
      const me = (await (
        await page.request.get(`${API}/teaching-classes?itemsPerPage=1`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as {
        'hydra:member': { creator: { id: number } }[];
      };
      const userId = me['hydra:member'][0]!.creator.id;
      const places = (await (
        await page.request.get(`${API}/teaching-class-students?teachingClass.id=${classId}`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as { 'hydra:member': { id: number }[] };
      const placeId = places['hydra:member'][0]!.id;
      const screens: [string, string][] = [
        ['class-detail', `/web/teaching-class/${classId}`],
        ['rating-edit', `/web/teaching-class/${classId}/rating/${rating.id}/edit`],
        ['rating-action', `/web/teaching-class/${classId}/rating/${rating.id}/edit/action`],
        ['class-report', `/web/teaching-class/${classId}/report`],
        ['student-detail', `/web/teaching-class/${classId}/student/${placeId}`],
        ['student-report', `/web/teaching-class/${classId}/student/${placeId}/report`],
        ['student-rating-edit', `/web/student/${placeId}/rating/${rating.id}/edit`],
      ];
      {
        const patched = await page.request.patch(`${API}/user/${userId}`, {
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/merge-patch+json' },
          data: { preferredLanguage: locale },
        });
        expect(patched.ok()).toBe(true);
        for (const [label, url] of screens) {
          await page.goto(url);
          await expect(page.locator('html')).toHaveAttribute('lang', locale);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await expect(page.locator('.animate-spin')).toHaveCount(0);
          await expectNoSideScroll(page);
          await expectAccessible(page, `${label} ${locale} 360 px`);
          if (locale !== 'en') await page.screenshot({ path: path.join(shots, `${label}-${locale}-360.png`), fullPage: true });
        }
      }
      if (locale !== 'en') return;
      // The rating sheet's full form open on a phone.
      await page.goto(`/web/teaching-class/${classId}`);
      await page.getByRole('button', { name: 'Rate Ana Lima' }).click();
      await page.getByRole('dialog', { name: 'Rate Ana Lima' }).getByRole('button', { name: 'More options' }).click();
      await page.getByRole('radio', { name: 'Communication' }).check({ force: true });
      await expectNoSideScroll(page);
      await expectAccessible(page, 'rating panel 360 px');
      await page.screenshot({ path: path.join(shots, 'rating-panel-360.png'), fullPage: true });
    });
  }

  test('an evaluator or co-teacher who did not write a rating gets no edit controls, and its edit screen answers 403', async ({ page }) => {
    const { token, classId } = await classWithStudents(page);
    const skills = (await (
      await page.request.get(`${API}/teaching-class/${classId}/learning-skills`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as {
      'hydra:member': { learningActions: { id: number }[] }[];
    };
    const today = new Date().toISOString().slice(0, 10);
    await apiPost(page, token, '/rating', {
      teachingClass: classId,
      learningAction: skills['hydra:member'][0]!.learningActions[0]!.id,
      date: today,
      students: [],
    });
    // The demo evaluator sees the demo classes; a rating there by the demo teacher is not theirs to change. The demo's
    // main class, whose term of ratings fills more than a page (another class may hold a test's few newer ones).
    const { class: demoClass } = await demoIds(page.request);
    const { token: evalToken } = await signInViaApi(page, 'evaluator');
    const headers = { authorization: `Bearer ${evalToken}` };
    const list = (await (await page.request.get(`${API}/ratings?teachingClass.id=${demoClass}&itemsPerPage=100`, { headers })).json()) as {
      'hydra:member': { id: number; teachingClass: string; observation: string; canEdit: boolean }[];
    };
    const ratings = list['hydra:member'];
    // An observation the evaluator had no part in (they rate in this class too: their own cards keep their Edit link).
    const notMine = (o: string) => ratings.filter((r) => r.observation === o).every((r) => !r.canEdit);
    const theirs = ratings.find((r) => notMine(r.observation))!;
    const cid = theirs.teachingClass.split('/').pop();
    await page.goto(`/web/teaching-class/${cid}/rating/${theirs.id}/edit`);
    await expect(page.getByText('403', { exact: true })).toBeVisible();
    await page.goto(`/web/teaching-class/${cid}`);
    await expect(page.getByRole('list', { name: 'Ratings' }).getByRole('article').first()).toBeVisible();
    // A term of demo ratings: 20 at first, the next page when the end of the feed comes near (infinite scroll).
    const articles = page.getByRole('list', { name: 'Ratings' }).getByRole('article');
    await expect(articles).toHaveCount(20);
    await articles.last().scrollIntoViewIfNeeded();
    await expect.poll(() => articles.count()).toBeGreaterThan(20);
    const foreign = [...new Set(ratings.map((r) => r.observation))].filter(notMine).slice(0, 5);
    for (const o of foreign) {
      const card = page.locator(`article[data-observation="${o}"]`);
      await expect(card).toHaveCount(1);
      await expect(card.getByRole('link', { name: 'Edit' })).toHaveCount(0);
    }
    // A stranger to the class: not found.
    await page.goto(`/web/teaching-class/${classId}/report`);
    await expect(page.getByText(/^40[34]$/)).toBeVisible();
  });

  test("a class's teachers choose its skills and make their own", async ({ page }) => {
    const { classId } = await classWithStudents(page);
    await page.goto(`/web/teaching-class/${classId}`);
    await page.getByText('Skills of this class (8)').click();
    await page.getByRole('button', { name: 'Stop using Creativity in this class' }).click();
    await expect(page.getByText('Creativity is no longer used by this class; its ratings stay.')).toBeVisible();
    await expect(page.getByText('Skills of this class (7)')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Creativity to this class' })).toBeVisible();
    await page.getByLabel('Skill name').fill('Music');
    await page.getByLabel('Actions', { exact: true }).fill('Keeps the beat\nSings in tune');
    await page.getByRole('button', { name: 'Create skill' }).click();
    await expect(page.getByText('The skill Music has been created.')).toBeVisible();
    await expect(page.getByText('Keeps the beat · Sings in tune')).toBeVisible();
    await page.getByLabel('New action for Music').fill('Plays along');
    await page.getByRole('button', { name: 'Add action' }).click();
    await expect(page.getByText('Keeps the beat · Sings in tune · Plays along')).toBeVisible();
    await expectAccessible(page, 'class skills');
    await page.getByRole('button', { name: 'Whole class', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Rate the whole class' });
    await expect(sheet.getByRole('button', { name: 'Creativity' })).toHaveCount(0);
    await sheet.getByRole('button', { name: 'Music' }).click();
    await expect(sheet.getByRole('button', { name: 'Plays along' })).toBeVisible();
  });

  test("a linked parent reads their student's report", async ({ page }) => {
    const { token } = await signInViaApi(page, 'parent');
    const places = (await (
      await page.request.get(`${API}/teaching-class-students`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as {
      'hydra:member': { id: number; firstName: string; lastName: string }[];
    };
    const child = places['hydra:member'][0]!;
    await page.goto(`/web/student/${child.id}/report`);
    await expect(page.getByRole('heading', { level: 1, name: `Report: ${child.firstName} ${child.lastName}` })).toBeVisible();
    await expect(page.getByRole('img', { name: /Bar chart of ratings by skill/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Recent evidence' })).toBeVisible();
    // The evidence pictures load (signed links the browser follows without a token).
    const photo = page.getByRole('img', { name: /^Photo / }).first();
    await photo.scrollIntoViewIfNeeded();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expectAccessible(page, 'student report, parent');
    await page.screenshot({ path: path.join(shots, 'student-report-parent-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await expect(page.getByRole('img', { name: /Bar chart of ratings by skill/ })).toBeVisible();
    await expectNoSideScroll(page);
    await page.screenshot({ path: path.join(shots, 'student-report-parent-360.png'), fullPage: true });
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  });
});

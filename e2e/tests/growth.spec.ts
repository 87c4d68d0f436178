import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './hydrated-test';
import { expectAccessible, hydrated, screenReady, signInViaApi } from './fixtures';
import { API, classWithStudents, expectNoSideScroll, shots } from './rating-helpers';

// DESIGN §12 on screen, on the demo's term of ratings: a student's growth per skill (a chart read out as a sentence) and
// the class report's growth grid (a table on a laptop, a card per student on a phone), in the three languages.

type ClassGrowth = {
  skills: { learningSkill: string }[];
  students: { teachingClassStudent: string; skills: { ratings: number; stage: number | null }[] }[];
};
type StudentGrowth = { skills: { ratings: number; now: { stage: { name: string } | null } }[] };

/** The user's language, through the API (the app reads it on the next load). */
async function speak(page: Page, token: string, lang: string) {
  const id = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { userid: number }).userid;
  const res = await page.request.patch(`${API}/user/${id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { preferredLanguage: lang },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The demo teacher's largest class, its grid, and the student with the most ratings in it. */
async function demoClass(page: Page, token: string) {
  const get = async <T>(url: string) =>
    (await (await page.request.get(`${API}${url}`, { headers: { authorization: `Bearer ${token}` } })).json()) as T;
  const classes = (await get<{ 'hydra:member': { id: number; numStudents: number }[] }>('/teaching-classes?itemsPerPage=30'))[
    'hydra:member'
  ];
  const cls = classes.reduce((a, b) => (b.numStudents > a.numStudents ? b : a));
  const grid = await get<ClassGrowth>(`/growth/class/${cls.id}`);
  const count = (s: ClassGrowth['students'][number]) => s.skills.reduce((n, c) => n + c.ratings, 0);
  const top = grid.students.reduce((a, b) => (count(b) > count(a) ? b : a));
  const placeId = Number(top.teachingClassStudent.split('/').pop());
  return { classId: cls.id, grid, placeId, get };
}

/**
 * The student page's period (DESIGN §12): a labelled native select, changed from the keyboard; the charts read the
 * growth of the chosen days again, and its hint names them. Nothing scrolls sideways on a phone.
 */
async function pickPeriod(page: Page, token: string, o: { classId: number; studentId: string; locale: string; width: number }) {
  const period = page.getByTestId('growth-range');
  await expect(period).toHaveValue('span');
  const asked = page.waitForResponse((r) => r.url().includes(`/growth/student/${o.studentId}?`) && r.url().includes('startDate='));
  await period.focus();
  await page.keyboard.press('ArrowDown');
  await expect(period).toHaveValue('term');
  const url = new URL((await asked).url());
  const start = url.searchParams.get('startDate')!;
  const end = url.searchParams.get('endDate')!;
  const term = (await (
    await page.request.get(`${API}/growth/student/${o.studentId}?teachingClassId=${o.classId}&startDate=${start}&endDate=${end}`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as StudentGrowth & { start: string; end: string };
  expect([term.start, term.end]).toEqual([start, end]);
  const day = (iso: string) => iso.split('-').reverse().join('/');
  const card = page.locator('section', { has: period });
  await expect(card).toContainText(day(start));
  await expect(card).toContainText(day(end));
  const rated = term.skills.filter((s) => s.ratings > 0);
  await expect(page.getByTestId('student-growth').getByRole('img')).toHaveCount(rated.length);
  await expect(card.locator('[aria-busy]')).toHaveCount(0);
  await expectNoSideScroll(page);
  await card.screenshot({ path: path.join(shots, `growth-student-period-${o.locale}-${o.width}.png`) });
}

test.describe('growth (DESIGN §12)', () => {
  for (const locale of ['en', 'es', 'zh-HK'] as const) {
    test(`a student's growth and the class grid at 360 and 1280 px in ${locale}`, async ({ page }) => {
      // Two screens at two widths with axe on each, then 320 px: 60 to 110 s on a busy machine, under half of this.
      test.setTimeout(240_000);
      const errors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on('pageerror', (e) => errors.push(e.message));
      const { token } = await signInViaApi(page, 'teacher');
      await speak(page, token, locale);
      try {
        const { classId, grid, placeId, get } = await demoClass(page, token);
        // The demo's term shows growth: some students stand at a later stage than others by now.
        expect(new Set(grid.students.flatMap((s) => s.skills.map((c) => c.stage))).size).toBeGreaterThan(2);
        const student = await get<{ student: string }>(`/teaching-class-student/${placeId}`);
        const growth = await get<StudentGrowth>(`/growth/student/${student.student.split('/').pop()}?teachingClassId=${classId}`);
        const rated = growth.skills.filter((s) => s.ratings > 0);
        expect(rated.length).toBeGreaterThan(0);

        for (const width of [360, 1280]) {
          await page.setViewportSize({ width, height: 900 });
          await page.goto(`/web/teaching-class/${classId}/student/${placeId}`);
          await screenReady(page);
          await expect(page.locator('html')).toHaveAttribute('lang', locale);
          const list = page.getByTestId('student-growth');
          await expect(list).toBeVisible();
          // A chart per rated skill, its text alternative naming the stage now in the reader's language.
          const charts = list.getByRole('img');
          await expect(charts).toHaveCount(rated.length);
          for (const [i, s] of rated.entries()) expect(await charts.nth(i).getAttribute('aria-label')).toContain(s.now.stage!.name);
          await expectNoSideScroll(page);
          await expectAccessible(page, `student growth ${locale} ${width} px`);
          const section = page.locator('section', { has: list });
          await section.screenshot({ path: path.join(shots, `growth-student-${locale}-${width}.png`) });
          if (width < 640) await pickPeriod(page, token, { classId, studentId: student.student.split('/').pop()!, locale, width });

          await page.goto(`/web/teaching-class/${classId}/report`);
          await screenReady(page);
          const cells = grid.students.length * grid.skills.length;
          if (width < 640) {
            const cards = page.getByTestId('growth-cards');
            await expect(cards).toBeVisible();
            await expect(cards.locator(':scope > li')).toHaveCount(grid.students.length);
            await expect(cards.locator('dd')).toHaveCount(cells);
            await expect(page.getByTestId('growth-grid')).toBeHidden();
          } else {
            const table = page.getByTestId('growth-grid');
            await expect(table).toBeVisible();
            await expect(table.locator('tbody td')).toHaveCount(cells);
            await expect(table.getByRole('columnheader').first()).toHaveCSS('position', 'sticky');
            await expect(table.getByRole('rowheader').first()).toHaveCSS('position', 'sticky');
            // Every cell names its stage in words (or "–" when not rated), not by colour alone.
            const texts = await table.locator('tbody td').allInnerTexts();
            expect(texts.every((t) => t.trim().length > 0)).toBe(true);
            // The table's region takes focus from the keyboard, and shows it.
            const region = page.locator('[role="region"]', { has: table });
            await region.focus();
            await page.keyboard.press('ArrowRight');
            await expect(region).toBeFocused();
            expect(await region.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
          }
          await expectNoSideScroll(page);
          await expectAccessible(page, `class growth ${locale} ${width} px`);
          const gridSection = page.locator('section', { has: page.getByTestId(width < 640 ? 'growth-cards' : 'growth-grid') });
          await gridSection.screenshot({ path: path.join(shots, `growth-class-${locale}-${width}.png`) });
        }
        // The narrowest phone: nothing scrolls sideways.
        await page.setViewportSize({ width: 320, height: 800 });
        for (const url of [`/web/teaching-class/${classId}/student/${placeId}`, `/web/teaching-class/${classId}/report`]) {
          await page.goto(url);
          await screenReady(page);
          await expectNoSideScroll(page);
        }
        expect(errors).toEqual([]);
      } finally {
        // The demo teacher reads English in the other specs.
        await speak(page, token, 'en');
      }
    });
  }

  test("the rating sheet names each point's stage, and a feed card the stage of its points, at 360 px", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const { classId } = await classWithStudents(page);
    await page.goto(`/web/teaching-class/${classId}`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Rate Ana Lima' }).click();
    const sheet = page.getByRole('dialog', { name: 'Rate Ana Lima' });
    await sheet.getByRole('button', { name: /Communication/ }).click();
    // The quick path says what its points mean on the skill, and the actions stay a tap away.
    await expect(sheet.getByTestId('quick-stage')).toHaveText('Saved with 3 points: Developing.');
    await sheet.getByRole('button', { name: 'More options' }).click();
    const points = sheet.getByRole('group', { name: 'Points' });
    await expect(points.getByRole('radio', { name: '3 of 5 points, Developing' })).toBeChecked();
    await expect(points.getByRole('radio', { name: '5 of 5 points, Extending' })).toHaveCount(1);
    // The chosen stage's descriptor, the catalogue skill's own words.
    await expect(points).toContainText(/Developing: \w/);
    await points.getByRole('radio', { name: '4 of 5 points, Secure' }).check({ force: true });
    await expect(points).toContainText(/Secure: \w/);
    await expectNoSideScroll(page);
    await points.screenshot({ path: path.join(shots, 'growth-points-stages-360.png') });
    await sheet.getByRole('checkbox', { name: 'Listens actively' }).check({ force: true });
    await sheet.getByRole('button', { name: 'Save rating' }).click();
    const card = page.getByRole('list', { name: 'Ratings' }).getByRole('article', { name: 'Communication: Listens actively' });
    await expect(card.getByRole('img', { name: '4 of 5 points, Secure' })).toBeVisible();
    await card.screenshot({ path: path.join(shots, 'growth-feed-card-360.png') });
  });
});

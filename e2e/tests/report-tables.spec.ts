import path from 'node:path';
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './hydrated-test';
import { expectAccessible, screenReady, signInViaApi } from './fixtures';
import { API, apiPost, classWithStudents, expectNoSideScroll, shots } from './rating-helpers';

// DESIGN §9 on screen: every column of a report table is in view or announced by a visible cue; on a phone the
// tables are cards; a typed date that is not valid says what is wrong.

/** The demo teacher's largest class: a term of ratings for a full class, so its tables are as long as they get. */
async function demoClassReport(page: Page) {
  const { token } = await signInViaApi(page, 'teacher');
  const res = await page.request.get(`${API}/teaching-classes?itemsPerPage=30`, { headers: { authorization: `Bearer ${token}` } });
  const classes = ((await res.json()) as { 'hydra:member': { id: number; numStudents: number }[] })['hydra:member'];
  const cls = classes.reduce((a, b) => (b.numStudents > a.numStudents ? b : a));
  await page.goto(`/web/teaching-class/${cls.id}/report`);
  await screenReady(page);
  await expect(page.getByRole('heading', { name: 'Students by skill' })).toBeVisible();
}

/** Each column header of a table region is inside the region's box, or the region scrolls and says so. */
async function expectEveryColumnReachable(region: Locator, hint: Locator) {
  const box = (await region.boundingBox())!;
  const overflow = await region.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
  const headers = region.getByRole('columnheader');
  let outside = 0;
  for (let i = 0; i < (await headers.count()); i++) {
    const h = (await headers.nth(i).boundingBox())!;
    if (h.x < box.x - 1 || h.x + h.width > box.x + box.width + 1) outside++;
  }
  if (outside === 0) return;
  expect(overflow).toBe(true);
  await expect(hint).toBeVisible();
  await expect(region).toHaveAttribute('aria-describedby', (await hint.getAttribute('id'))!);
  // The cue keeps its word: the keyboard scrolls the region to its last column, which then shows whole.
  await region.focus();
  for (let i = 0; i < 40 && (await region.evaluate((el) => el.scrollLeft + el.clientWidth < el.scrollWidth - 1)); i++)
    await region.page().keyboard.press('ArrowRight');
  const last = (await headers.last().boundingBox())!;
  expect(last.x + last.width).toBeLessThanOrEqual(box.x + box.width + 1);
}

test.describe('report tables', () => {
  test('no column is hidden without a cue at 1280 px, and the first column stays', async ({ page: p }) => {
    await p.setViewportSize({ width: 1280, height: 900 });
    await demoClassReport(p);
    for (const name of ['Skills and actions', 'Students by skill']) {
      const region = p.getByRole('region', { name: `Table: ${name}` });
      await expect(region).toBeVisible();
      await expectEveryColumnReachable(region, p.locator(`[id="${await region.getAttribute('aria-describedby')}"]`));
      await expect(region.getByRole('columnheader').first()).toHaveCSS('position', 'sticky');
    }
    // The students table has a column per skill of the class (the demo's adopted frameworks give it many): its cue that it
    // scrolls is there exactly when it does not fit.
    const students = p.getByRole('region', { name: 'Table: Students by skill' });
    const overflows = await students.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
    await expect(students).toHaveAttribute('data-overflow', String(overflows));
    await expect(p.getByRole('list', { name: 'Students by skill' })).toBeHidden();
    await expectAccessible(p, 'class report 1280 px');
    await p.screenshot({ path: path.join(shots, 'report-tables-1280.png'), fullPage: true });
  });

  test('a narrower window (a tablet) keeps the tables and says when they scroll', async ({ page: p }) => {
    await p.setViewportSize({ width: 700, height: 900 });
    await demoClassReport(p);
    const students = p.getByRole('region', { name: 'Table: Students by skill' });
    await expect(p.getByText('Scroll sideways to see every column.').first()).toBeVisible();
    await expectEveryColumnReachable(students, p.locator(`[id="${await students.getAttribute('aria-describedby')}"]`));
    await expectNoSideScroll(p);
    await p.screenshot({ path: path.join(shots, 'report-tables-700.png'), fullPage: true });
  });

  test('at 360 px every row is a card and the page never scrolls sideways', async ({ page: p }) => {
    await p.setViewportSize({ width: 360, height: 740 });
    await demoClassReport(p);
    await expect(p.getByRole('region', { name: 'Table: Students by skill' })).toBeHidden();
    await expect(p.getByRole('table')).toHaveCount(0);
    const cards = p.getByRole('list', { name: 'Students by skill' }).getByRole('listitem');
    await expect(cards.nth(3)).toBeVisible();
    await expect(cards.first().getByText('Total')).toBeVisible();
    await expect(
      cards
        .first()
        .getByText(/^\d+ ratings? · [\d.]+★$/)
        .first(),
    ).toBeVisible();
    await expect(p.getByRole('list', { name: 'Skills and actions' }).getByRole('listitem').first()).toBeVisible();
    await expectNoSideScroll(p);
    await expectAccessible(p, 'class report 360 px');
    await p.screenshot({ path: path.join(shots, 'report-tables-360.png'), fullPage: true });
    await cards.first().screenshot({ path: path.join(shots, 'report-student-card-360.png') });
    await p
      .getByRole('list', { name: 'Skills and actions' })
      .getByRole('listitem')
      .first()
      .screenshot({ path: path.join(shots, 'report-skill-card-360.png') });
    await p.setViewportSize({ width: 320, height: 740 });
    // The charts follow a narrower window when their resize observer fires, a frame or two after it: then nothing is wider.
    await expect.poll(() => p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });

  test('a typed date that is not valid says what is wrong, and a good range is used', async ({ page: p }) => {
    await p.setViewportSize({ width: 1280, height: 900 });
    await demoClassReport(p);
    await p.getByText('Custom', { exact: true }).click();
    const from = p.getByRole('textbox', { name: 'From' });
    const to = p.getByRole('textbox', { name: 'To' });
    await from.fill('30/02/2026');
    await from.press('Tab');
    await expect(from).toHaveAttribute('aria-invalid', 'true');
    await expect(from).toHaveAccessibleDescription('This day does not exist in the calendar.');
    await from.fill('1 Sept');
    await expect(from).toHaveAccessibleDescription('Type the date as dd/MM/yyyy, for example 01/09/2026.');
    await from.fill('01/09/2025');
    await expect(from).not.toHaveAttribute('aria-invalid', 'true');
    await to.fill('01/08/2025');
    await expect(to).toHaveAccessibleDescription('The end date must not be before the start date.');
    await p.getByRole('group', { name: 'Dates' }).screenshot({ path: path.join(shots, 'report-range-error-1280.png') });
    await from.fill('01/09/2010');
    await to.fill('01/10/2025');
    await expect(to).toHaveAccessibleDescription('A report can cover at most 10 years.');
    await from.fill('01/09/2025');
    await expect(to).not.toHaveAttribute('aria-invalid', 'true');
    await expect(p).toHaveURL(/startDate=2025-09-01&endDate=2025-10-01/);
    await expect(p.getByText('Covering 01/09/2025 – 01/10/2025')).toBeVisible();
    await expectAccessible(p, 'report range errors');
  });
});

test.describe('report plurals on screen', () => {
  for (const [locale, one] of [
    ['es', '1 valoración · 4★'],
    ['zh-HK', '1 個評分 · 4★'],
  ] as const)
    test(`counts read with the plural rules of ${locale}, and the class choice sits with the range`, async ({ page: p }) => {
      await p.setViewportSize({ width: 360, height: 740 });
      const { token, classId } = await classWithStudents(p, locale);
      const skills = (await (
        await p.request.get(`${API}/teaching-class/${classId}/learning-skills`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as { 'hydra:member': { learningActions: { id: number }[] }[] };
      const places = (await (
        await p.request.get(`${API}/teaching-class-students?teachingClass.id=${classId}`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as { 'hydra:member': { id: number; '@id': string }[] };
      const place = places['hydra:member'][0]!;
      const today = new Date().toISOString().slice(0, 10);
      const action = skills['hydra:member'][0]!.learningActions[0]!.id;
      await apiPost(p, token, '/rating', {
        teachingClass: classId,
        learningAction: action,
        date: today,
        points: 4,
        students: [place['@id']],
      });
      await p.goto(`/web/teaching-class/${classId}/report`);
      await screenReady(p);
      await expect(p.locator('html')).toHaveAttribute('lang', locale);
      const card = p.getByRole('listitem').filter({ hasText: 'Ana Lima' });
      await expect(card.getByText(one).first()).toBeVisible();
      await expect(p.getByRole('img', { name: new RegExp(locale === 'es' ? '1 valoración en total' : '共 1 個評分') })).toBeAttached();
      await expectNoSideScroll(p);
      await p.screenshot({ path: path.join(shots, `report-plurals-${locale}-360.png`), fullPage: true });
      // The student report: "All of the student's classes" is part of the range's group.
      await p.goto(`/web/teaching-class/${classId}/student/${place.id}/report`);
      await screenReady(p);
      const group = p.getByRole('group').filter({ has: p.getByRole('radio').first() });
      await expect(group.getByRole('checkbox')).toBeVisible();
      await p.setViewportSize({ width: 1280, height: 900 });
      await p.screenshot({ path: path.join(shots, `report-student-${locale}-1280.png`), fullPage: true });
    });
});

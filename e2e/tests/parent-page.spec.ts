import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './hydrated-test';
import { expectAccessible, screenReady, signInViaApi, signUpViaApi } from './fixtures';
import { parentOfAna } from './family-helpers';
import { expectNoSideScroll } from './rating-helpers';
import { demoIds } from './routes';

/** A page in its own context that collects console errors and warnings. */
async function watched(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return { context, page, problems };
}

/** Where the bottom of the first screen is, in the page's coordinates. */
const firstScreen = (page: Page) => page.evaluate(() => window.innerHeight);

test.describe("a family's pages (issue 36 §13, §16)", () => {
  test("the child's page leads with the ratings; the link's settings are folded at the end, removed quietly", async ({ browser }) => {
    test.setTimeout(90_000);
    const t = await watched(browser, { width: 360, height: 780 });
    const p = await watched(browser, { width: 360, height: 780 });
    const { className, placeId } = await parentOfAna(t.page, p.page);

    await p.page.goto(`/web/student/${placeId}`);
    await screenReady(p.page);
    const ratings = p.page.getByRole('heading', { name: 'Ratings', exact: true });
    const settings = p.page.getByRole('group').filter({ has: p.page.getByRole('heading', { name: 'Link settings' }) });
    await expect(ratings).toBeVisible();
    await expect(p.page.getByRole('link', { name: 'Student report' })).toBeInViewport();
    // No red button on the first screen: removing the link waits, folded, below the child's ratings.
    await expect(p.page.getByRole('button', { name: 'Remove my link' })).toBeHidden();
    const ratingsTop = (await ratings.boundingBox())!.y;
    const settingsTop = (await p.page.getByRole('heading', { name: 'Link settings' }).boundingBox())!.y;
    expect(settingsTop, 'the link settings come after the ratings').toBeGreaterThan(ratingsTop);
    expect(settingsTop, 'the link settings are below the first screen').toBeGreaterThan(await firstScreen(p.page));
    await expectNoSideScroll(p.page);
    await expectAccessible(p.page, "parent's child page");

    await p.page.getByText('Link settings').click();
    await expect(settings.getByText(`You follow Ana Lima in ${className}.`)).toBeVisible();
    const remove = settings.getByRole('button', { name: 'Remove my link' });
    await expect(remove).toBeVisible();
    // A quiet button: no red text or fill until the dialog asks.
    await expect(remove).not.toHaveClass(/red/);
    await expectAccessible(p.page, 'link settings open');
    await p.page.screenshot({ path: test.info().outputPath('link-settings-360.png'), fullPage: true });
    await remove.click();
    const dialog = p.page.getByRole('dialog', { name: 'Remove your link to Ana Lima?' });
    await dialog.getByRole('button', { name: 'Remove my link' }).click();
    await expect(p.page.getByText(`You no longer follow Ana Lima in ${className}.`)).toBeVisible();
    await expect(p.page).toHaveURL(/\/web\/?$/);
    await expect(p.page.getByRole('heading', { name: 'No linked students yet' })).toBeVisible();
    // The student's page, its class and its feed are not asked for again once the link is gone (each would answer 404).
    expect(p.problems, 'console of the parent').toEqual([]);
    expect(t.problems, 'console of the teacher').toEqual([]);
    await t.context.close();
    await p.context.close();
  });

  test("the parent's report speaks to families, and its chart marks each week's average under its own date", async ({
    browser,
    request,
  }) => {
    const ids = await demoIds(request);
    const p = await watched(browser, { width: 360, height: 780 });
    await signInViaApi(p.page, 'parent');
    await p.page.goto(`/web/student/${ids.childPlace}/report`);
    await screenReady(p.page);
    await expect(p.page.getByText('Ratings for the whole class')).toBeVisible();
    await expect(p.page.getByText('Whole-class ratings')).toHaveCount(0);
    await expect(p.page.getByRole('button', { name: 'Download as a spreadsheet' })).toBeVisible();

    const canvas = p.page.getByRole('img', { name: /^Chart of ratings per week/ });
    await canvas.scrollIntoViewIfNeeded();
    // chart.js draws in an idle moment: its instance is asked of the module the page loaded.
    const chart = await canvas.evaluate(async (el) => {
      type Point = { x: number; y: number; skip?: boolean; options: { radius: number } };
      type Label = {
        label: string | string[];
        font: { string: string };
        options: { rotation: number; textAlign: string; translation: [number, number] };
      };
      type Instance = {
        getDatasetMeta(i: number): { data: (Point & { width?: number })[] };
        scales: { x: { _labelItems: Label[]; ticks: { value: number }[] } };
        data: { datasets: { data: (number | null)[] }[] };
        ctx: CanvasRenderingContext2D;
        currentDevicePixelRatio: number;
      };
      type ChartClass = { getChart(c: HTMLCanvasElement): Instance | undefined };
      const canvasEl = el as HTMLCanvasElement;
      let found: Instance | undefined;
      for (let tries = 0; !found && tries < 100; tries += 1) {
        const scripts = performance
          .getEntriesByType('resource')
          .map((e) => e.name)
          .filter((n) => n.endsWith('.js'));
        for (const src of scripts) {
          const mod = (await import(/* @vite-ignore */ src)) as { Chart?: ChartClass };
          found = mod.Chart?.getChart?.(canvasEl);
          if (found) break;
        }
        if (!found) await new Promise((r) => setTimeout(r, 100));
      }
      if (!found) return null;
      const bars = found.getDatasetMeta(0).data;
      const line = found.getDatasetMeta(1).data;
      const values = found.data.datasets[1]!.data;
      const ratio = found.currentDevicePixelRatio;
      // Read from a copy made for reading (many reads of the chart's own canvas make Chromium warn in the console).
      const copy = document.createElement('canvas');
      copy.width = canvasEl.width;
      copy.height = canvasEl.height;
      const pixels = copy.getContext('2d', { willReadFrequently: true })!;
      pixels.drawImage(canvasEl, 0, 0);
      const markers = line
        .filter((_, i) => values[i] !== null)
        .map((pt) => {
          const [r, g, b] = pixels.getImageData(Math.round(pt.x * ratio), Math.round(pt.y * ratio), 1, 1).data;
          return { radius: pt.options.radius, centre: [r, g, b] };
        });
      // Each date's box centre against its bar's centre: a slanted date ends at its tick, so its middle is off to the side.
      const scale = found.scales.x;
      const labels = scale._labelItems.map((item, i) => {
        const text = Array.isArray(item.label) ? item.label.join(' ') : item.label;
        found!.ctx.font = item.font.string;
        const width = found!.ctx.measureText(text).width;
        const shift = item.options.textAlign === 'right' ? -width / 2 : item.options.textAlign === 'left' ? width / 2 : 0;
        const centre = item.options.translation[0] + shift * Math.cos(item.options.rotation);
        const bar = bars[scale.ticks[i]!.value]!;
        return { text, offset: Math.abs(centre - bar.x), barWidth: bar.width ?? 0 };
      });
      return { markers, labels };
    });
    expect(chart, 'the timeline chart was drawn').not.toBeNull();
    expect(chart!.markers.length).toBeGreaterThan(0);
    for (const m of chart!.markers) {
      expect(m.radius, 'a point marker on the line').toBeGreaterThanOrEqual(4);
      expect(m.centre, 'a hollow marker: white inside its ring').toEqual([255, 255, 255]);
    }
    expect(chart!.labels.length).toBeGreaterThan(0);
    for (const l of chart!.labels) expect(l.offset, `date ${l.text} centred under its bar`).toBeLessThan(Math.max(2, l.barWidth / 4));
    await p.page.screenshot({ path: test.info().outputPath('parent-report-360.png'), fullPage: true });
    expect(p.problems, 'console of the parent').toEqual([]);
    await p.context.close();
  });

  test('the sign-in title takes focus without a ring; Tab to a field shows one', async ({ browser }) => {
    const p = await watched(browser, { width: 360, height: 780 });
    // Signed out, the dashboard's address answers the sign-in page (a new page: focus starts at its top, as any page's does).
    await p.page.goto('/web/');
    await expect(p.page).toHaveURL(/\/web\/sign-in/);
    // Within the app, a move to sign-in (from sign-up's link) takes focus to its title.
    await p.page.goto('/web/sign-up/');
    await p.page.getByRole('link', { name: 'Sign in' }).click();
    const title = p.page.getByRole('heading', { level: 1, name: 'Sign in' });
    await expect(title).toBeFocused();
    const ring = (el: Element) => {
      const s = getComputedStyle(el);
      return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
    };
    const onTitle = await title.evaluate(ring);
    expect(onTitle.style === 'none' || onTitle.width === 0, `no ring on the title: ${JSON.stringify(onTitle)}`).toBe(true);
    const field = p.page.getByLabel('Username or e-mail');
    for (let i = 0; i < 10 && !(await field.evaluate((el) => el === document.activeElement)); i += 1) await p.page.keyboard.press('Tab');
    await expect(field).toBeFocused();
    const onField = await field.evaluate(ring);
    expect(onField.style, 'a ring on the field').toBe('solid');
    expect(onField.width).toBeGreaterThanOrEqual(2);
    expect(p.problems).toEqual([]);
    await p.context.close();
  });

  test("'Join a class' is one line on a phone's dashboard until asked for", async ({ browser }) => {
    const t = await watched(browser, { width: 360, height: 740 });
    const account = await signUpViaApi(t.page);
    await signInViaApi(t.page, account.username, account.password);
    await t.page.goto('/web/');
    await screenReady(t.page);
    const card = t.page.locator('section').filter({ has: t.page.getByRole('heading', { name: 'Join a class' }) });
    // The card around the section, its padding included.
    expect((await card.locator('xpath=..').boundingBox())!.height, 'the card height in px').toBeLessThan(120);
    await expect(t.page.getByLabel('Class code')).toHaveCount(0);
    await card.getByRole('button', { name: 'Enter a class code' }).click();
    await expect(t.page.getByLabel('Class code')).toBeFocused();
    await t.page.getByRole('button', { name: 'Find class' }).click();
    await expect(t.page.getByLabel('Class code')).toHaveAccessibleDescription(/Enter the class code/);
    await expectAccessible(t.page, 'join a class, open');
    await expectNoSideScroll(t.page);
    expect(t.problems).toEqual([]);
    await t.context.close();
  });
});

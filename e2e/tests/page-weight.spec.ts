import { type Page } from '@playwright/test';
import { expect, test } from './hydrated-test';
import { screenReady, signInViaApi } from './fixtures';
import { API } from './rating-helpers';

/*
 * Fast on a phone (issue 19): photos carry their intrinsic size and a 1x/2x srcset, nothing below the first screen loads
 * eagerly (the class page's feed lies under its students; a student's page leads with its feed, whose first photo is
 * fetched first), and the report screens do not move while their data and charts arrive.
 */

/** The demo class with the most photos on its ratings, one of its places and a place rated with a photo. */
async function demoClass(page: Page, token: string) {
  const get = async <T>(path: string) =>
    (
      (await (await page.request.get(`${API}${path}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { 'hydra:member': T[] }
    )['hydra:member'];
  const classes = await get<{ id: number; numStudents: number }>('/teaching-classes?itemsPerPage=100&excludeCoteacherTeachingClasses=1');
  let best = { id: 0, photos: -1, photoPlace: '' };
  for (const c of classes.filter((x) => x.numStudents > 0)) {
    const ratings = await get<{ medias: unknown[]; students: string[] }>(`/ratings?teachingClass.id=${c.id}&itemsPerPage=50`);
    const photos = ratings.reduce((n, r) => n + r.medias.length, 0);
    const photoPlace = ratings.find((r) => r.medias.length && r.students.length)?.students[0] ?? '';
    if (photos > best.photos) best = { id: c.id, photos, photoPlace };
  }
  const places = await get<{ id: number }>(`/teaching-class-students?teachingClass.id=${best.id}`);
  return { classId: best.id, placeId: places[0]!.id, photoPlaceId: Number(best.photoPlace.split('/').pop()) };
}

/** Sums the layout shifts since the page started (as Lighthouse's CLS counts them: none right after an input). */
async function layoutShift(page: Page) {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!e.hadRecentInput) sum += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
        // Entries are delivered in a task after observe(): read the sum after two frames.
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(sum)));
      }),
  );
}

test.describe('pictures and layout', () => {
  test('feed photos carry width, height and a 1x/2x srcset; only a photo in the first screen is fetched first', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2 });
    const page = await context.newPage();
    const { token } = await signInViaApi(page, 'teacher');
    const { classId, photoPlaceId } = await demoClass(page, token);
    const photos = page.locator('ol[aria-labelledby="rating-feed-title"] a[data-shape] img');
    const attributes = () =>
      photos.evaluateAll((imgs) =>
        (imgs as HTMLImageElement[]).map((img) => ({
          width: img.getAttribute('width'),
          height: img.getAttribute('height'),
          srcset: img.getAttribute('srcset') ?? '',
          sizes: img.getAttribute('sizes') ?? '',
          loading: img.getAttribute('loading'),
          decoding: img.getAttribute('decoding'),
          priority: img.getAttribute('fetchpriority'),
        })),
      );
    await page.goto(`/web/teaching-class/${classId}`);
    await screenReady(page);
    await expect(photos.first()).toBeAttached();
    const attrs = await attributes();
    expect(attrs.length).toBeGreaterThan(1);
    for (const a of attrs) {
      expect(Number(a.width)).toBeGreaterThan(0);
      expect(Number(a.height)).toBeGreaterThan(0);
      // The demo photos are 640x480: the 1x thumbnail 320 px wide, the 2x one 640 px.
      expect(a.srcset).toMatch(/\?[^ ]*exp=[^ ]* 320w, \S*[?&]size=2x\S* 640w$/);
      expect(a.sizes).toContain('vw');
      // The class page's feed is below its students: none of its photos is the first screen's.
      expect(a).toMatchObject({ loading: 'lazy', decoding: 'async', priority: null });
    }
    // A student's page leads with the feed: its first photo is fetched at once, the others when scrolled near.
    await page.goto(`/web/teaching-class/${classId}/student/${photoPlaceId}`);
    await screenReady(page);
    await expect(photos.first()).toBeAttached();
    const [lead, ...rest] = await attributes();
    expect(lead).toMatchObject({ loading: 'eager', priority: 'high' });
    for (const a of rest) expect(a).toMatchObject({ loading: 'lazy', priority: null });
    await photos.first().scrollIntoViewIfNeeded();
    // At 2x on a phone the browser takes the 2x thumbnail, and what it gets is that picture (640 px wide).
    const first = await photos.first().evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      const picture = await createImageBitmap(await (await fetch(img.currentSrc)).blob());
      return { current: img.currentSrc, width: picture.width };
    });
    expect(first.current).toContain('size=2x');
    expect(first.width).toBe(640);
    await context.close();
  });

  for (const viewport of [
    { width: 360, height: 740 },
    { width: 1350, height: 940 },
  ])
    test(`the report screens do not move while they load, at ${viewport.width} px`, async ({ browser }) => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const { token } = await signInViaApi(page, 'teacher');
      const { classId, placeId } = await demoClass(page, token);
      // As on a phone: the report's data arrives well after the screen has drawn its frame.
      await page.route(/\/api\/auth\/v1\/reports?\//, async (route) => {
        await new Promise((r) => setTimeout(r, 800));
        await route.continue();
      });
      for (const path of [`/web/teaching-class/${classId}/report`, `/web/teaching-class/${classId}/student/${placeId}/report`]) {
        await page.goto(path);
        await screenReady(page);
        await expect(page.locator('canvas[role="img"]').first()).toBeVisible();
        await page.waitForTimeout(300);
        expect(await layoutShift(page), path).toBeLessThanOrEqual(0.05);
      }
      await context.close();
    });

  test('the class page does not move when its count of requests to join arrives, at 360 px', async ({ browser }) => {
    // The count came after the header's buttons were drawn and widened "Teachers", so "Edit class" wrapped under it: a
    // layout shift of 0.085 on a phone. It now sits on the corner of its button.
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    const { token } = await signInViaApi(page, 'teacher');
    const get = async (path: string) =>
      (await (await page.request.get(`${API}${path}`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
        'hydra:member': { id: number }[];
        'hydra:totalItems': number;
      };
    const classes = (await get('/teaching-classes?itemsPerPage=100&excludeCoteacherTeachingClasses=1'))['hydra:member'];
    let classId = 0;
    for (const c of classes) {
      if ((await get(`/teaching-class-teacher-invitations?teachingClass.id=${c.id}&isPending=1&itemsPerPage=1`))['hydra:totalItems'] > 0) {
        classId = c.id;
        break;
      }
    }
    expect(classId, 'a demo class with a request to join').toBeGreaterThan(0);
    await page.route(/\/teaching-class-teacher-invitations\?/, async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await page.goto(`/web/teaching-class/${classId}`);
    await screenReady(page);
    // On a phone the teachers' screen is inside the folded class details (issue 36): the count shows on their button.
    await expect(page.getByRole('button', { name: /^Class details/ })).toContainText('1 request');
    await page.waitForTimeout(300);
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);
    await context.close();
  });

  test('a signed-in first load makes each number or date formatter and collator once, never one per call', async ({ browser }) => {
    // Making an Intl.NumberFormat, DateTimeFormat or Collator is costly (a page's first loads ICU's data), using one is not:
    // the app keeps one per locale (the contract's nameCollator and formatInteger, react-intl's own cache), and never calls
    // toLocaleString or localeCompare, which make one inside on every call.
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const made: string[] = [];
      Object.assign(window, { formattersMade: made });
      for (const name of ['NumberFormat', 'DateTimeFormat', 'Collator'] as const) {
        const count = (args: unknown[]) => made.push(`${name} ${JSON.stringify(args)}`);
        Object.assign(Intl, {
          [name]: new Proxy(Intl[name], {
            construct: (target, args) => (count(args), Reflect.construct(target, args)),
            apply: (target, that, args) => (count(args), Reflect.apply(target, that, args)),
          }),
        });
      }
      const methods: [object, string][] = [
        [Number.prototype, 'toLocaleString'],
        [Date.prototype, 'toLocaleString'],
        [Date.prototype, 'toLocaleDateString'],
        [Date.prototype, 'toLocaleTimeString'],
        [String.prototype, 'localeCompare'],
      ];
      for (const [proto, name] of methods) {
        const own = (proto as Record<string, (...a: unknown[]) => unknown>)[name]!;
        Object.assign(proto, {
          [name]: function (this: unknown, ...args: unknown[]) {
            made.push(`${name} ${JSON.stringify(args)}`);
            return own.apply(this, args);
          },
        });
      }
    });
    const { token } = await signInViaApi(page, 'teacher');
    const { classId, placeId } = await demoClass(page, token);
    const reports = [`/web/teaching-class/${classId}/report`, `/web/student/${placeId}/report`];
    for (const path of ['/web/', `/web/teaching-class/${classId}`, `/web/student/${placeId}`, '/web/notifications', ...reports]) {
      await page.goto(path);
      await screenReady(page);
      await expect(page.getByRole('button', { name: /^Notifications/ })).toBeVisible();
      if (reports.includes(path)) await expect(page.locator('canvas[role="img"]').first()).toBeVisible();
      const made = await page.evaluate(() => (window as unknown as { formattersMade: string[] }).formattersMade);
      expect(
        made.filter((m) => !/^(NumberFormat|DateTimeFormat|Collator) /.test(m)),
        `${path}: made on a call`,
      ).toEqual([]);
      expect(
        made.filter((m, i) => made.indexOf(m) !== i),
        `${path}: made twice`,
      ).toEqual([]);
    }
    await context.close();
  });
});

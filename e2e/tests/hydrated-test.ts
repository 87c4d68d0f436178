import { test as base, type Page, type Response } from '@playwright/test';

export { expect } from '@playwright/test';

type Navigation = 'goto' | 'reload' | 'goBack' | 'goForward';
const NAVIGATIONS: Navigation[] = ['goto', 'reload', 'goBack', 'goForward'];

/**
 * A page the server rendered shows its controls before the browser has made them the app (issue 35): until then a tap
 * or a key does nothing. A user waits for the screen to answer; a test must too, or it types into a page that drops
 * its keys. So every navigation of every page of a test ends once the app has taken the page over (`data-hydrating`
 * gone, app/app.tsx), as `load` ends once the page's resources are in. An answer that is not a page of the app (a file,
 * a redirect to a download, the offline shell without the mark) ends at once.
 */
async function untilHydrated(page: Page, res: Response | null) {
  if (!res || !(res.headers()['content-type'] ?? '').includes('text/html')) return;
  await page.locator('#root[data-hydrating]').waitFor({ state: 'detached' });
}

const patched = new WeakSet<object>();

/** Makes the navigations of every Page (they share one prototype) wait as above; once per worker. */
function patchPages(proto: object) {
  if (patched.has(proto)) return;
  patched.add(proto);
  for (const name of NAVIGATIONS) {
    const original = Reflect.get(proto, name) as (this: Page, ...args: unknown[]) => Promise<Response | null>;
    Reflect.set(proto, name, async function (this: Page, ...args: unknown[]) {
      const res = await original.apply(this, args);
      await untilHydrated(this, res);
      return res;
    });
  }
}

/** Playwright's `test`, with the waiting above on every page, those a test opens itself included. */
export const test = base.extend<object, { hydrationAware: void }>({
  hydrationAware: [
    async ({ browser }, use) => {
      const page = await browser.newPage();
      patchPages(Object.getPrototypeOf(page) as object);
      await page.close();
      await use();
    },
    { scope: 'worker', auto: true },
  ],
});

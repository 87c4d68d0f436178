import { expect, type Locator, type Page } from '@playwright/test';
import { readsKept } from './fixtures';

/** Toasts last two seconds (spec §9): the page keeps every text its toasts said, so that none is missed on a slow machine. */
export async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    const said: string[] = [];
    (window as unknown as { toastsSaid: string[] }).toastsSaid = said;
    new MutationObserver(() => {
      for (const el of Array.from(document.querySelectorAll('[role="status"]')))
        if (el.textContent && !said.includes(el.textContent)) said.push(el.textContent);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { toastsSaid: string[] }).toastsSaid);
}

/** Online once, so that the service worker holds the app and the screen's reads; then the same page without a connection. */
export async function openOffline(page: Page, url: string, ready: Locator, reads: string[]) {
  await page.goto('/web/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.goto(url);
  await expect(ready).toBeVisible();
  await readsKept(page, reads);
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

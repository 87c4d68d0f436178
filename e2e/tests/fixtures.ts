import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'skillroom-demo';

/** No serious or critical accessibility violation on the page as it is now. */
export async function expectAccessible(page: Page, context = '') {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`), `axe ${context}`).toEqual([]);
}

/** Signs in through the API and stores the token pair in the cookies the app reads (spec §4). */
export async function signInViaApi(page: Page, username: string, password = DEMO_PASSWORD) {
  const res = await page.request.post('/api/public/v1/login_check', { data: { username, password } });
  expect(res.ok()).toBe(true);
  const { token, refresh_token } = (await res.json()) as { token: string; refresh_token: string };
  const base = { domain: '127.0.0.1', path: '/', sameSite: 'Lax' as const };
  await page.context().addCookies([
    { name: 'BEARER', value: token, ...base },
    { name: 'REFRESH_TOKEN', value: refresh_token, ...base },
  ]);
  return { token, refresh_token };
}

export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

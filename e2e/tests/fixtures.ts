import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'skillroom-demo';

/** No serious or critical accessibility violation on the page as it is now. */
export async function expectAccessible(page: Page, context = '') {
  // A colour still fading (a button re-enabled after its request, a toast coming in) is read half-way by axe: wait for
  // transitions and finite animations to end (a spinner's endless one never does).
  const settled = () =>
    page.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || (!(a instanceof CSSTransition) && a.effect?.getComputedTiming().endTime === Infinity)),
    );
  const check = async () => {
    await settled();
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  };
  // A toast that starts leaving while axe reads the page is seen half-faded: a finding is confirmed by a second reading
  // once that animation is over, so only what stays wrong fails.
  let bad = await check();
  if (bad.length) bad = await check();
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    `axe ${context}`,
  ).toEqual([]);
}

/** The screen is there: its title shows and nothing is still loading. */
export async function screenReady(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('[role="status"]:has(.animate-spin), [aria-busy="true"]')).toHaveCount(0);
  await hydrated(page);
}

/** The server's page has become the app (app/app.tsx drops `data-hydrating`): its effects have run, its controls answer. */
export async function hydrated(page: Page) {
  await expect(page.locator('#root[data-hydrating]')).toHaveCount(0);
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

/** Creates an account through the API, agreeing to the privacy policy as the sign-up screen asks, and answers its sign-in details. */
export async function signUpViaApi(page: Page, overrides: Record<string, unknown> = {}) {
  const username = unique('e2e');
  const body = {
    username,
    email: `${username}@example.test`,
    plainPassword: 'correct horse battery',
    firstName: 'Alex',
    lastName: 'Rivera',
    accountTypeRadio: 'teacher',
    preferredLanguage: 'en',
    privacyPolicyAgreed: true,
    ...overrides,
  };
  const res = await page.request.post('/api/public/v1/user', { data: body });
  expect(res.status()).toBe(201);
  return { username, password: body.plainPassword as string, email: body.email as string };
}

/** The data folder of the server this test's project runs against (playwright.config.ts: each project has its own). */
export const serverDataDir = () => String(test.info().project.metadata.dataDir);

/**
 * The newest mail the server wrote to its data folder for this address (no SMTP in tests). Mail leaves through the
 * job queue, a moment after the request that asked for it: waited for, up to 15 s.
 */
export async function lastMailTo(address: string): Promise<string> {
  const fs = await import('node:fs');
  const path = await import('node:path');
  const dir = path.join(serverDataDir(), 'mail');
  const safe = address.replace(/[^a-z0-9@.]/gi, '_');
  const files = () =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((f) => f.endsWith(`${safe}.txt`))
          .sort()
      : [];
  await expect.poll(() => files().length, { message: `a mail to ${address}`, timeout: 15_000 }).toBeGreaterThan(0);
  return fs.readFileSync(path.join(dir, files().at(-1)!), 'utf8');
}

/** A small real PNG (48×48, one colour) for upload tests. */
export const PNG_48 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAIAAADYYG7QAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAX0lEQVR4nO3WwQnAAAxC0W7gph6dv0sU0sODDBBEvz5Zf3XP+QfxUCk0HoqU9Rw/AcZSaDwUKes5hGKglULjoUhZcajAONUR5VrzY/fTLAZaKTQeipQVhwqMUx35tFxfGluLeS+qO2sAAAAASUVORK5CYII=',
  'base64',
);

/**
 * The service worker holds an answer for each of these API paths (with their query's start, if any): a page the server
 * drew is read again by the app once it has taken the page over, and only then kept for offline starts (DESIGN §7).
 */
export async function readsKept(page: Page, paths: string[]) {
  const missing = () =>
    page.evaluate(async (wanted) => {
      const kept: string[] = [];
      for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) kept.push(req.url);
      return wanted.filter((w) => !kept.some((url) => url.endsWith(w) || url.includes(`${w}?`) || url.includes(`${w}&`)));
    }, paths);
  await expect.poll(missing).toEqual([]);
}

/** What the class page reads, which an offline start of it needs. */
export const classReads = (classId: number) => [
  `/api/auth/v1/teaching-class/${classId}`,
  `/api/auth/v1/teaching-class/${classId}/learning-skills`,
  `/api/auth/v1/ratings?teachingClass.id=${classId}`,
];

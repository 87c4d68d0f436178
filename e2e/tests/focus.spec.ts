import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './hydrated-test';
import { contrastRatio, flatten, hex } from '../lib/contrast';
import { probeFocus } from '../lib/focus-probe';
import { hydrated, screenReady, signInViaApi, signUpViaApi } from './fixtures';
import { demoIds, fillPath, type DemoIds, type DemoUser } from './routes';

/** Tab stops walked per screen and width: enough for the header, the first controls and a form, quick on two cores. */
const MAX_STOPS = 60;
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 360, height: 780 },
];

interface Screen {
  name: string;
  path: string;
  as: DemoUser | null | 'new-user';
  /** The screen's own page (not the app): a static page has no h1 loading state to wait for. */
  static?: boolean;
}

// DESIGN §7 "Focus": every screen a teacher, a parent or a visitor meets.
const SCREENS: Screen[] = [
  { name: 'sign in', path: '/web/sign-in', as: null },
  { name: 'sign up', path: '/web/sign-up', as: null },
  { name: 'forgot password', path: '/web/forgot-password', as: null },
  { name: 'dashboard', path: '/web/', as: 'teacher' },
  { name: 'class page', path: '/web/teaching-class/{class}', as: 'teacher' },
  { name: 'class edit', path: '/web/teaching-class/{class}/edit', as: 'teacher' },
  { name: 'student page', path: '/web/teaching-class/{class}/student/{place}', as: 'teacher' },
  { name: 'student manage', path: '/web/teaching-class/{class}/student/{place}/manage', as: 'teacher' },
  { name: 'class report', path: '/web/teaching-class/{class}/report', as: 'teacher' },
  { name: 'student report', path: '/web/teaching-class/{class}/student/{place}/report', as: 'teacher' },
  { name: 'notifications', path: '/web/notifications', as: 'teacher' },
  { name: 'profile', path: '/web/profile/edit', as: 'teacher' },
  { name: "a parent's child", path: '/web/student/{childPlace}', as: 'parent' },
  { name: 'privacy gate (a user who never agreed)', path: '/web/', as: 'new-user' },
  { name: 'privacy policy page', path: '/web/legal/privacy.html', as: null, static: true },
];

interface Stop {
  label: string;
  ratio: number;
}

/** Presses Tab through the screen until focus comes round again (or MAX_STOPS), checking each stop's indicator. */
async function walk(page: Page, where: string): Promise<Stop[]> {
  const stops: Stop[] = [];
  let idle = 0;
  for (let i = 0; i < MAX_STOPS; i += 1) {
    await page.keyboard.press('Tab');
    const p = await page.evaluate(probeFocus);
    if (p.none) {
      // Past the last control focus leaves the page once; twice in a row means Tab reaches nothing.
      idle += 1;
      expect(idle, `${where}: Tab reaches no control`).toBeLessThan(2);
      continue;
    }
    idle = 0;
    expect(p.same ? p.label : '', `${where}: Tab is stuck on this element`).toBe('');
    if (p.seen) break;
    const at = `${where}, stop ${stops.length + 1}: ${p.label}${p.holder === 'itself' ? '' : ` (drawn by ${p.holder})`}`;
    expect(p.focusVisible, `${at}: matches :focus-visible`).toBe(true);
    expect(p.inViewport, `${at}: in view`).toBe(true);
    expect(p.style, `${at}: an outline or a ring`).not.toBe('none');
    expect(p.width, `${at}: indicator width in px`).toBeGreaterThanOrEqual(2);
    expect(p.ring, `${at}: indicator colour`).not.toBeNull();
    const bg = flatten(p.behind);
    const ratio = contrastRatio(p.ring!, bg);
    expect(ratio, `${at}: ring ${hex(p.ring!)} on ${hex(bg)}`).toBeGreaterThanOrEqual(3);
    stops.push({ label: p.label, ratio });
  }
  return stops;
}

async function open(browser: Browser, screen: Screen, ids: DemoIds, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  if (screen.as === 'new-user') {
    const account = await signUpViaApi(page, { privacyPolicyAgreed: false });
    await signInViaApi(page, account.username, account.password);
  } else if (screen.as) await signInViaApi(page, screen.as);
  await page.goto(fillPath(screen.path, ids));
  if (screen.static) {
    await expect(page.locator('h1')).toBeVisible();
    await hydrated(page);
  } else await screenReady(page);
  // The walk starts at the top of the page, with nothing focused.
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  return { context, page };
}

test.describe('focus you can see on every screen (DESIGN §7 "Focus"): Tab through each, the indicator at 3:1 or more', () => {
  // Up to 60 stops at two widths, each a key press and a measure: about 15 s on a quiet machine.
  test.describe.configure({ timeout: 90_000 });
  let ids: DemoIds;
  test.beforeAll(async ({ request }) => {
    ids = await demoIds(request);
  });

  for (const screen of SCREENS) {
    test(screen.name, async ({ browser }) => {
      for (const viewport of VIEWPORTS) {
        const { context, page } = await open(browser, screen, ids, viewport);
        const stops = await walk(page, `${screen.name} at ${viewport.width} px`);
        // A screen with fewer stops than this lost its controls (or Tab never reached them).
        expect(stops.length, `${screen.name} at ${viewport.width} px: Tab stops`).toBeGreaterThanOrEqual(3);
        const weakest = Math.min(...stops.map((s) => s.ratio));
        test
          .info()
          .annotations.push({ type: 'focus', description: `${viewport.width} px: ${stops.length} stops, weakest ${weakest.toFixed(2)}:1` });
        await context.close();
      }
    });
  }

  // The header's popups hold controls that no walk of a closed page meets: each is opened from the keyboard and walked.
  test('header menus, open', async ({ browser }) => {
    const menus = [
      { width: 1280, button: /Notifications/, first: 'Request to' },
      { width: 1280, button: /Account menu/, first: 'Edit profile' },
      { width: 360, button: /^Menu$/, first: 'Dashboard' },
    ];
    for (const menu of menus) {
      const context = await browser.newContext({ viewport: { width: menu.width, height: 800 } });
      const page = await context.newPage();
      await signInViaApi(page, 'teacher');
      await page.goto('/web/');
      await screenReady(page);
      await page.getByRole('button', { name: menu.button }).focus();
      await page.keyboard.press('Enter');
      const panel = page.locator('[aria-expanded="true"] + *');
      await expect(panel.getByText(menu.first).first()).toBeVisible();
      const stops = await walk(page, `${menu.button.source} open at ${menu.width} px`);
      const inside = await panel.evaluate((el) => el.querySelectorAll('a[href], button').length);
      expect(inside, `${menu.button.source}: controls in the panel`).toBeGreaterThanOrEqual(2);
      expect(stops.length, `${menu.button.source}: Tab stops from the open menu`).toBeGreaterThan(inside);
      await context.close();
    }
  });
});

import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './hydrated-test';
import { classReads, signInViaApi, signUpViaApi } from './fixtures';
import { openOffline, recordToasts } from './offline-helpers';
import { classWithStudents, expectNoSideScroll, shots } from './rating-helpers';

/** What these tests read and tap, in each language (issue 36 §11). */
const TEXTS = {
  en: {
    rate: (name: string) => `Rate ${name}`,
    skill: 'Communication',
    action: 'Listens actively',
    named: 'Communication: Listens actively',
    savedOffline: 'Saved on this device; it will be sent when you are back online.',
    waiting: 'Waiting to be sent',
    sent: '2 ratings sent.',
    offline: 'You are offline',
    retry: 'Try again',
    hello: 'Hello, Alex',
    empty: 'No ratings yet.',
  },
  es: {
    rate: (name: string) => `Valorar a ${name}`,
    skill: 'Comunicación',
    action: 'Escucha activamente',
    named: 'Comunicación: Escucha activamente',
    savedOffline: 'Guardado en este dispositivo; se enviará cuando vuelvas a tener conexión.',
    waiting: 'Pendiente de envío',
    sent: '2 valoraciones enviadas.',
    offline: 'No tienes conexión',
    retry: 'Reintentar',
    hello: 'Hola, Alex',
    empty: 'Aún no hay valoraciones.',
  },
  'zh-HK': {
    rate: (name: string) => `為 ${name} 評分`,
    skill: '溝通',
    action: '專心聆聽',
    named: '溝通：專心聆聽',
    savedOffline: '已儲存在此裝置；恢復連線後便會傳送。',
    waiting: '待傳送',
    sent: '已傳送 2 項評分。',
    offline: '你目前離線',
    retry: '再試一次',
    hello: '你好，Alex',
    empty: '尚未有評分。',
  },
} as const;
type Locale = keyof typeof TEXTS;

/** The quick path of the rating sheet: a student, a skill, an action; offline the save waits on the device. */
async function rateOne(page: Page, t: (typeof TEXTS)[Locale], student: string) {
  await page.getByRole('button', { name: t.rate(student) }).click();
  const sheet = page.getByRole('dialog', { name: t.rate(student) });
  await sheet.getByRole('button', { name: t.skill }).click();
  await sheet.getByRole('button', { name: t.action }).click();
  await expect(page.getByText(t.savedOffline).last()).toBeVisible();
  await expect(sheet).toHaveCount(0);
}

for (const locale of Object.keys(TEXTS) as Locale[]) {
  test(`offline (${locale}): waiting saves are named, shown in the feed as waiting, and said to be sent when they go`, async ({
    page,
    context,
  }) => {
    // An offline round with two saves, nine screenshots and a reconnection: 20-27 s here, under a third of this.
    test.setTimeout(90_000);
    const t = TEXTS[locale];
    const toastsSaid = await recordToasts(page);
    const { classId, name } = await classWithStudents(page, locale);
    // The feed's empty state: the class, its students, skills and ratings have been read (and kept by the worker).
    await openOffline(page, `/web/teaching-class/${classId}`, page.getByText(t.empty), classReads(classId));
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();

    await rateOne(page, t, 'Ana Lima');
    await rateOne(page, t, 'Ben Okoro');
    // The last save's toast (with its Undo) goes by itself; the screenshots are of what stays.
    await expect(page.getByText(t.savedOffline)).toHaveCount(0, { timeout: 15_000 });

    // The feed shows both at its top, newest first, marked as waiting and with nothing to edit.
    const waiting = page.getByTestId('waiting-rating');
    await expect(waiting).toHaveCount(2);
    await expect(waiting.first()).toContainText('Ben Okoro');
    await expect(waiting.last()).toContainText('Ana Lima');
    for (const card of await waiting.all()) {
      await expect(card).toContainText(t.waiting);
      await expect(card).toContainText(t.skill);
      await expect(card).toContainText(t.action);
      await expect(card.getByRole('link')).toHaveCount(0);
      await expect(card.getByRole('button')).toHaveCount(0);
    }
    for (const width of [320, 360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await waiting.first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(shots, `offline-feed-waiting-${locale}-${width}.png`) });
      await expectNoSideScroll(page);
    }

    // The header's list names the class, the student and the skill with its action of each save.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByTestId('outbox-button').click();
    const rows = page.getByTestId('outbox-item');
    await expect(rows).toHaveCount(2);
    for (const [i, student] of ['Ana Lima', 'Ben Okoro'].entries()) {
      await expect(rows.nth(i)).toContainText(t.named);
      await expect(rows.nth(i)).toContainText(student);
      await expect(rows.nth(i)).toContainText(name);
    }
    for (const width of [320, 360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: path.join(shots, `offline-outbox-named-${locale}-${width}.png`) });
      await expectNoSideScroll(page);
    }
    await page.keyboard.press('Escape');

    // Back online: they go, "sent" is said, and the sent ratings take the waiting cards' place.
    await context.setOffline(false);
    await expect(page.getByTestId('outbox-button')).toHaveCount(0, { timeout: 20_000 });
    await expect(waiting).toHaveCount(0);
    await expect(page.locator('article[data-observation]')).toHaveCount(2);
    await expect.poll(toastsSaid).toContain(t.sent);
  });

  test(`offline (${locale}): a first visit without a connection says so, not that the profile is refused`, async ({ page, context }) => {
    const t = TEXTS[locale];
    const account = await signUpViaApi(page, { preferredLanguage: locale });
    await signInViaApi(page, account.username, account.password);
    await openOffline(page, '/web/', page.getByRole('heading', { name: t.hello }), []);
    // Nothing of this user is kept on the device yet (a first visit): the user cannot be read offline.
    await page.evaluate(async () => {
      for (const k of await caches.keys()) if (k.startsWith('skillroom-reads-user-')) await caches.delete(k);
    });
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: t.offline })).toBeVisible();
    await expect(page.getByRole('button', { name: t.retry })).toBeVisible();
    await expect(page.getByText('You are not authorized to view this user profile.')).toHaveCount(0);
    for (const width of [320, 360, 1280]) {
      await page.setViewportSize({ width, height: 700 });
      await page.screenshot({ path: path.join(shots, `offline-first-visit-${locale}-${width}.png`) });
      await expectNoSideScroll(page);
    }
    // Still offline, Try again says the same; once the connection is back, the app opens by itself.
    await page.getByRole('button', { name: t.retry }).click();
    await expect(page.getByRole('heading', { name: t.offline })).toBeVisible();
    // Back online the screen asks again by itself; Chromium may tell the page before its service worker is online, so
    // Try again is pressed as a person would until the app opens.
    await context.setOffline(false);
    const retry = page.getByRole('button', { name: t.retry });
    await expect(async () => {
      if (await retry.isVisible()) await retry.click();
      await expect(page.getByRole('heading', { name: t.hello })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
  });
}

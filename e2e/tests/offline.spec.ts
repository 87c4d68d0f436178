import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './hydrated-test';
import { classReads, PNG_48, readsKept } from './fixtures';
import { API, apiPost, classWithStudents, shots } from './rating-helpers';

/**
 * Rates one student with one action through the class page's rating sheet: three taps, or with a photo through the
 * sheet's full form ("More options").
 */
async function rateOne(page: Page, student: string, photo = false) {
  await page.getByRole('button', { name: `Rate ${student}` }).click();
  const sheet = page.getByRole('dialog', { name: `Rate ${student}` });
  if (photo) {
    await sheet.getByRole('button', { name: 'More options' }).click();
    await sheet.getByRole('radio', { name: 'Communication' }).check({ force: true });
    await sheet.getByRole('checkbox', { name: 'Listens actively' }).check({ force: true });
    await sheet.locator('input[data-media-type="34"]').setInputFiles({ name: 'board.png', mimeType: 'image/png', buffer: PNG_48 });
    // The upload cannot go: the file waits with the rating.
    await expect(sheet.getByText('No connection: the file is kept on this device and sent with the rating.')).toBeVisible();
    await sheet.getByRole('button', { name: 'Save rating', exact: true }).click();
  } else {
    await sheet.getByRole('button', { name: 'Communication' }).click();
    await sheet.getByRole('button', { name: 'Listens actively' }).click();
  }
  await expect(page.getByText('Saved on this device; it will be sent when you are back online.').last()).toBeVisible();
  await expect(sheet).toHaveCount(0);
}

async function ratingsOf(page: Page, token: string, classId: number) {
  const res = await page.request.get(`${API}/ratings?teachingClass.id=${classId}&itemsPerPage=50`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { 'hydra:member': { id: number; description: string; medias: unknown[]; observation: string }[] })[
    'hydra:member'
  ];
}

test.setTimeout(90_000);

test('offline: the class page opens from the cache, three saves wait, are sent once each, and a refused one stays with its reason', async ({
  page,
  context,
}) => {
  // A whole offline round (two classes visited, three saves, a reconnection, a refusal): about 30 s here, a third of this.
  test.setTimeout(90_000);
  const { token, classId, name } = await classWithStudents(page);
  const today = new Date();
  const other = await apiPost<{ id: number; name: string }>(page, token, '/teaching-class', {
    name: `${name} B`,
    year: today.getFullYear(),
    start: `${today.getFullYear() - 1}-09-01`,
    end: `${today.getFullYear() + 1}-07-15`,
  });
  await apiPost(page, token, '/teaching-class-student', { teachingClass: other.id, firstName: 'Dan', lastName: 'Wu' });

  // Online: the service worker takes the page, and both classes are visited once.
  await page.goto('/web/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.goto(`/web/teaching-class/${other.id}`);
  await expect(page.getByRole('heading', { name: 'Ratings', exact: true })).toBeVisible();
  await readsKept(page, classReads(other.id));
  await page.goto(`/web/teaching-class/${classId}`);
  await expect(page.getByRole('heading', { name: 'Ratings', exact: true })).toBeVisible();
  await readsKept(page, classReads(classId));
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  // Offline: a reload opens the class from the caches.
  await context.setOffline(true);
  const reload = await page.reload();
  expect(reload?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Students (3)' })).toBeVisible();
  await expect(page.getByText('No ratings yet.', { exact: false })).toBeVisible();

  await rateOne(page, 'Ana Lima', true);
  await rateOne(page, 'Ben Okoro');
  await page.goto(`/web/teaching-class/${other.id}`);
  await expect(page.getByRole('heading', { name: other.name, exact: true })).toBeVisible();
  await rateOne(page, 'Dan Wu');
  const outbox = page.getByTestId('outbox-button');
  await expect(outbox).toHaveAccessibleName('3 waiting');
  await expect(outbox).toHaveText('3 waiting', { useInnerText: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(outbox).toHaveText('3', { useInnerText: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByText('Saved on this device; it will be sent when you are back online.')).toHaveCount(0, { timeout: 15_000 });
  await page.screenshot({ path: path.join(shots, 'outbox-header-360.png') });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.setViewportSize({ width: 1280, height: 800 });
  await outbox.click();
  await expect(page.getByTestId('outbox-item')).toHaveCount(3);
  // Each row names what it holds (issue 36 §11): the full form's save (with its photo) as the quick path's.
  for (const [i, [student, cls]] of [
    ['Ana Lima', name],
    ['Ben Okoro', name],
    ['Dan Wu', other.name],
  ].entries()) {
    const row = page.getByTestId('outbox-item').nth(i);
    await expect(row).toContainText('Communication: Listens actively');
    await expect(row).toContainText(student!);
    await expect(row).toContainText(`${cls} · `);
  }
  await expect(page.getByTestId('outbox-item').first()).toContainText('1 file');
  await expect(page.getByText('You are offline. Saves wait on this device and are sent when the connection returns.')).toBeVisible();
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: path.join(shots, 'outbox-offline-360.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: path.join(shots, 'outbox-offline-1280.png') });
  await outbox.click();
  expect(await ratingsOf(page, token, classId)).toHaveLength(0);

  // Meanwhile the second class is deleted (by its teacher on another device).
  const del = await page.request.delete(`${API}/teaching-class/${other.id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(del.status()).toBe(204);

  // Back online: the two saves of the first class go, once each; the third is refused and stays with the reason.
  await context.setOffline(false);
  await expect(outbox).toHaveAccessibleName('1 refused', { timeout: 20_000 });
  const sent = await ratingsOf(page, token, classId);
  expect(sent).toHaveLength(2);
  expect(sent.map((r) => r.medias.length).sort()).toEqual([0, 1]);
  expect(new Set(sent.map((r) => r.observation)).size).toBe(2);
  await outbox.click();
  const refused = page.getByTestId('outbox-item');
  await expect(refused).toHaveCount(1);
  await expect(refused).toHaveAttribute('data-state', 'refused');
  await expect(refused.getByText(/^Refused: .+/)).toBeVisible();
  await expect(refused.getByRole('button', { name: 'Discard' })).toBeVisible();
  await page.screenshot({ path: path.join(shots, 'outbox-refused-1280.png') });

  // Another try sends nothing twice.
  await page.reload();
  await expect(page.getByTestId('outbox-button')).toHaveAccessibleName('1 refused');
  expect(await ratingsOf(page, token, classId)).toHaveLength(2);

  // Discarding it empties the outbox.
  await page.getByTestId('outbox-button').click();
  await page.getByTestId('outbox-item').getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByText('Nothing is waiting.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('outbox-button')).toHaveCount(0);
});

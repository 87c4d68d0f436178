import { expect, test } from './hydrated-test';
import { screenReady } from './fixtures';
import { API, classWithStudents } from './rating-helpers';

/** Issue 36 §16: a removed student's page shows the not-found page, and nothing in the console (no 404 asked for). */
test('a removed student’s page says not found, under either path, without a console error', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(`${m.text()} (${m.location().url})`));
  const { token, classId } = await classWithStudents(page);
  const auth = { headers: { authorization: `Bearer ${token}` } };
  const places = (await (await page.request.get(`${API}/teaching-class-students?teachingClass.id=${classId}`, auth)).json())[
    'hydra:member'
  ] as { id: number; firstName: string }[];
  const ana = places.find((p) => p.firstName === 'Ana')!;
  await page.goto(`/web/teaching-class/${classId}/student/${ana.id}`);
  await screenReady(page);
  await expect(page.getByRole('heading', { level: 1, name: /Ana/ })).toBeVisible();

  expect((await page.request.delete(`${API}/teaching-class-student/${ana.id}`, auth)).status()).toBe(204);
  for (const path of [`/web/teaching-class/${classId}/student/${ana.id}`, `/web/student/${ana.id}`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  }
  expect(problems).toEqual([]);
});

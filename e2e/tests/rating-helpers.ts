import os from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { signInViaApi, signUpViaApi, unique } from './fixtures';

export const API = '/api/auth/v1';
export const shots = path.join(os.tmpdir(), 'skillroom-e2e-shots');

export async function apiPost<T>(page: Page, token: string, url: string, data: unknown): Promise<T> {
  const res = await page.request.post(`${API}${url}`, { headers: { authorization: `Bearer ${token}` }, data });
  expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

/** A fresh teacher with a class of three students (the class starts with the catalogue's skills). */
export async function classWithStudents(page: Page, preferredLanguage = 'en') {
  const account = await signUpViaApi(page, { preferredLanguage });
  const { token } = await signInViaApi(page, account.username, account.password);
  const name = unique('Oak ');
  const today = new Date();
  const cls = await apiPost<{ id: number }>(page, token, '/teaching-class', {
    name,
    year: today.getFullYear(),
    start: `${today.getFullYear() - 1}-09-01`,
    end: `${today.getFullYear() + 1}-07-15`,
  });
  for (const [firstName, lastName] of [
    ['Ana', 'Lima'],
    ['Ben', 'Okoro'],
    ['Cara', 'Novak'],
  ])
    await apiPost(page, token, '/teaching-class-student', { teachingClass: cls.id, firstName, lastName });
  return { token, classId: cls.id, name, account };
}

/** A teacher (Tess Teacher) using the app in `locale`, with a class running this school year; `extra` adds class fields. */
export async function teacherWithClass(page: Page, locale: string, extra: Record<string, unknown> = {}) {
  await page.addInitScript((l) => localStorage.setItem('locale', l), locale);
  const account = await signUpViaApi(page, { preferredLanguage: locale, firstName: 'Tess', lastName: 'Teacher' });
  const { token } = await signInViaApi(page, account.username, account.password);
  return { token, cls: await runningClass(page, token, 'Maple ', extra) };
}

/** A class of the signed-in teacher running from last September to next July, named `prefix` and a unique tail. */
export async function runningClass(page: Page, token: string, prefix: string, extra: Record<string, unknown> = {}) {
  const year = new Date().getFullYear();
  return apiPost<{ id: number }>(page, token, '/teaching-class', {
    name: unique(prefix),
    year,
    start: `${year - 1}-09-01`,
    end: `${year + 1}-07-15`,
    ...extra,
  });
}

export async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/** Holds each media upload until `release` is called, so that its progress bar can be seen. */
export async function holdUploads(page: Page) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((r) => (release = r));
  await page.route('**/api/auth/v1/media', async (route) => {
    await gate;
    // A cancelled upload's request is gone by now.
    await route.continue().catch(() => undefined);
  });
  return { release: () => release(), stop: () => page.unroute('**/api/auth/v1/media') };
}

/** Chromium's fake camera and microphone, granted without a prompt, so that audio can be recorded (MediaRecorder). */
export const fakeMediaLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
  ],
};

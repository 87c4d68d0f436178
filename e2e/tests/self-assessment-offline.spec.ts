import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './hydrated-test';
import { PNG_48, signInViaApi, signUpViaApi } from './fixtures';
import { openOffline, recordToasts } from './offline-helpers';
import { API, apiPost, classWithStudents, expectNoSideScroll, shots } from './rating-helpers';

/** What these tests read and tap, in each language (issue 38: a student rates themself offline, from a phone). */
const TEXTS = {
  en: {
    title: 'Self-assessment',
    rateMyself: 'Rate myself',
    reflection: 'My reflection',
    save: 'Save',
    fileWaiting: 'No connection: the file is kept on this device and sent with your self-assessment.',
    savedOffline: 'Saved on this device; it will be sent when you are back online.',
    waiting: 'Waiting to be sent',
    item: (skill: string) => `Self-assessment: ${skill}`,
    count: '1 waiting',
    sendNow: 'Send now',
    sent: '1 self-assessment sent.',
    text: 'I explained the fraction game to my partner.',
  },
  es: {
    title: 'Autoevaluación',
    rateMyself: 'Evaluarme',
    reflection: 'Mi reflexión',
    save: 'Guardar',
    fileWaiting: 'Sin conexión: el archivo se guarda en este dispositivo y se envía con tu autoevaluación.',
    savedOffline: 'Guardado en este dispositivo; se enviará cuando vuelvas a tener conexión.',
    waiting: 'Pendiente de envío',
    item: (skill: string) => `Autoevaluación: ${skill}`,
    count: '1 en espera',
    sendNow: 'Enviar ahora',
    sent: '1 autoevaluación enviada.',
    text: 'Expliqué el juego de fracciones a mi compañera.',
  },
  'zh-HK': {
    title: '自我評估',
    rateMyself: '為自己評分',
    reflection: '我的反思',
    save: '儲存',
    fileWaiting: '沒有連線：檔案會留在此裝置，並與你的自我評估一同傳送。',
    savedOffline: '已儲存在此裝置；恢復連線後便會傳送。',
    waiting: '待傳送',
    item: (skill: string) => `自我評估：${skill}`,
    count: '1 項待傳送',
    sendNow: '立即傳送',
    sent: '已傳送 1 項自我評估。',
    text: '我向同學解釋了分數遊戲。',
  },
} as const;
type Locale = keyof typeof TEXTS;

interface Place {
  id: number;
  student: string;
  firstName: string;
  invitationCode: string;
}

/** A teacher's class with self-assessment on, and Ana Lima's own student account linked to her place (DESIGN §12). */
async function anaWithOwnAccount(teacher: Page, student: Page, locale: Locale) {
  const { token, classId } = await classWithStudents(teacher, locale);
  const auth = { headers: { authorization: `Bearer ${token}` } };
  const on = await teacher.request.patch(`${API}/teaching-class/${classId}`, { ...auth, data: { selfAssessment: true } });
  expect(on.ok(), await on.text()).toBe(true);
  const places = (await (await teacher.request.get(`${API}/teaching-class-students?teachingClass.id=${classId}`, auth)).json())[
    'hydra:member'
  ] as Place[];
  const ana = places.find((p) => p.firstName === 'Ana')!;
  const account = await signUpViaApi(student, {
    firstName: 'Ana',
    lastName: 'Lima',
    accountTypeRadio: 'student_user',
    preferredLanguage: locale,
  });
  const { token: studentToken } = await signInViaApi(student, account.username, account.password);
  const request = await apiPost<{ id: number }>(student, studentToken, '/student-profile-user-invitation', {
    invitationCode: ana.invitationCode,
  });
  await apiPost(teacher, token, `/student-profile-user-invitation/${request.id}/accept`, undefined);
  return { placeId: ana.id, studentId: Number(ana.student.split('/').pop()), studentToken };
}

/** The place's self-assessments as the server holds them. */
async function sentOnes(page: Page, token: string, placeId: number) {
  const res = await page.request.get(`${API}/self-assessments?teachingClassStudent.id=${placeId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { 'hydra:member': { reflection: string; medias: unknown[]; clientId: string | null }[] })['hydra:member'];
}

for (const locale of Object.keys(TEXTS) as Locale[]) {
  test(`self-assessment offline (${locale}): saved on the phone with a photo, shown as waiting, sent once on reconnect`, async ({
    page,
    context,
    browser,
  }) => {
    // A round of set-up, an offline save with a photo, six screenshots, a lost answer and a resend: about 25 s here.
    test.setTimeout(90_000);
    const t = TEXTS[locale];
    const teacherContext = await browser.newContext();
    const { placeId, studentId, studentToken } = await anaWithOwnAccount(await teacherContext.newPage(), page, locale);
    await teacherContext.close();
    const toastsSaid = await recordToasts(page);
    await page.setViewportSize({ width: 360, height: 780 });
    const section = page.getByRole('region', { name: t.title });
    // The student's page and what rating herself needs: her link, the class's skills and stages, her list.
    await openOffline(page, `/web/student/${placeId}`, section.getByRole('button', { name: t.rateMyself }), [
      `${API}/student-profile-users`,
      `${API}/growth/student/${studentId}`,
      `${API}/self-assessments`,
    ]);
    await context.setOffline(true);
    await page.reload();

    // Offline: the form opens from the kept reads; the photo cannot go and waits with the self-assessment.
    await section.getByRole('button', { name: t.rateMyself }).click();
    const skill = (await section.getByRole('combobox').evaluate((s: HTMLSelectElement) => s.selectedOptions[0]!.text)).trim();
    await section.getByRole('radio').nth(2).check({ force: true });
    await section.getByRole('textbox', { name: t.reflection }).fill(t.text);
    await section.locator('input[data-media-type="34"]').setInputFiles({ name: 'work.png', mimeType: 'image/png', buffer: PNG_48 });
    await expect(section.getByText(t.fileWaiting)).toBeVisible();
    await section.getByRole('button', { name: t.save, exact: true }).click();
    await expect.poll(toastsSaid).toContain(t.savedOffline);

    // The section shows it first, marked as waiting; the header counts it and names it.
    const waiting = section.getByTestId('waiting-self-assessment');
    await expect(waiting).toHaveCount(1);
    await expect(waiting).toContainText(t.waiting);
    await expect(waiting).toContainText(t.text);
    await expect(waiting).toContainText(skill);
    const outbox = page.getByTestId('outbox-button');
    await expect(outbox).toHaveAccessibleName(t.count);
    for (const width of [320, 360, 1280]) {
      await page.setViewportSize({ width, height: 780 });
      await waiting.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(shots, `self-assessment-offline-waiting-${locale}-${width}.png`) });
      await expectNoSideScroll(page);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await outbox.click();
    const row = page.getByTestId('outbox-item');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(t.item(skill));
    await expect(row).toContainText(t.waiting);
    await page.setViewportSize({ width: 360, height: 780 });
    await page.screenshot({ path: path.join(shots, `self-assessment-offline-outbox-${locale}-360.png`) });
    await expectNoSideScroll(page);
    await page.keyboard.press('Escape');
    expect(await sentOnes(page, studentToken, placeId)).toHaveLength(0);

    // Back online, the first answer is lost on its way back (the server wrote it): the item stays to be sent again.
    let lost = 0;
    await page.route('**/api/auth/v1/self-assessment', async (route) => {
      if (route.request().method() !== 'POST' || lost > 0) return route.continue();
      lost++;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await context.setOffline(false);
    await expect.poll(() => lost, { timeout: 20_000 }).toBe(1);
    await expect(outbox).toHaveAccessibleName(t.count);
    expect(await sentOnes(page, studentToken, placeId)).toHaveLength(1);
    // "Send now" sends it again under the same key and id: it is answered, never written twice.
    await outbox.click();
    await page.getByRole('button', { name: t.sendNow }).click();
    await expect(row).toHaveCount(0, { timeout: 20_000 });
    await page.keyboard.press('Escape');
    await expect(outbox).toHaveCount(0);
    await expect(waiting).toHaveCount(0);
    await expect(section.getByRole('listitem').filter({ hasText: t.text })).toHaveCount(1);
    await expect.poll(toastsSaid).toContain(t.sent);
    const sent = await sentOnes(page, studentToken, placeId);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ reflection: t.text, medias: [expect.anything()] });
    expect(sent[0]!.clientId).toBeTruthy();
  });
}

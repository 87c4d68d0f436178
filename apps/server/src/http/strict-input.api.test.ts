import { V } from '@skillroom/contract';
import { describe, expect, it } from 'vitest';
import { withApiWorld } from '../../test/api-world';
import { changedTables, tableFingerprinter } from '../../test/db-fingerprint';
import { API } from '../../test/classes';
import { dbKind } from '../../test/harness';
import { ratingBody } from '../../test/ratings';

const t = withApiWorld();

/** Sends a body as raw JSON text, since JSON.stringify would never write `3.4e1` or `1.0`. */
const raw = (method: 'POST' | 'PATCH', url: string, text: string) =>
  t.s.app.inject({
    method,
    url,
    payload: text,
    headers: { 'content-type': 'application/ld+json', authorization: `Bearer ${t.w.creator.token}` },
  });

/** The calls below must each answer 400 naming the field and change nothing. */
async function refused(call: () => Promise<{ statusCode: number; body: string; json: () => unknown }>, field: string, message?: string) {
  const fp = await tableFingerprinter(t.s.ctx.db);
  const before = await fp.take();
  const res = await call();
  expect(res.statusCode, res.body).toBe(400);
  const violations = (res.json() as { violations: { propertyPath: string; message: string }[] }).violations;
  expect(
    violations.map((v) => v.propertyPath),
    res.body,
  ).toContain(field);
  if (message) expect(violations).toContainEqual({ propertyPath: field, message });
  expect(changedTables(before, await fp.take())).toEqual([]);
}

describe(`dates are valid dates everywhere one is read (${dbKind})`, () => {
  const ratingJson = (o: Record<string, unknown>) => JSON.stringify(ratingBody(t.w.cls.id, t.w.ids['learning-action']!, o));

  it.each(['2026-01-01T25:99:99Z', '2026-02-30', '2026-10-05T10:61:00Z', '2026-10-05T10:00:00+24:00'])(
    'a rating dated %s is refused',
    async (date) => {
      await refused(() => raw('POST', `${API}/rating`, ratingJson({ date })), 'date', V.date);
    },
  );

  it('a rating dated with a valid date-time is taken as its day', async () => {
    const res = await raw('POST', `${API}/rating`, ratingJson({ date: '2026-10-05T23:59:59+02:00' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().date).toMatch(/^2026-10-05/);
    expect((await t.s.api('DELETE', `${API}/rating/${res.json().id}`, { token: t.w.creator.token })).statusCode).toBe(204);
  });

  it('a class with a start or end that is no day is refused', async () => {
    await refused(
      () =>
        t.s.api('POST', `${API}/teaching-class`, {
          token: t.w.creator.token,
          body: { name: 'X', year: 2026, start: '2026-02-30', end: '2027-07-01' },
        }),
      'start',
      V.date,
    );
    await refused(
      () => t.s.api('PATCH', `${API}/teaching-class/${t.w.cls.id}`, { token: t.w.creator.token, body: { end: '2027-07-01T25:99:99Z' } }),
      'end',
      V.date,
    );
  });

  it.each([
    ['ratings?date[after]=2026-01-01T25:99:99Z', 'date[after]'],
    ['ratings?date[before]=2026-02-30', 'date[before]'],
    ['report/class/{class}?startDate=2026-02-30', 'startDate'],
    ['report/pdf/class/{class}?endDate=2026-04-31', 'endDate'],
  ])('%s answers 400 naming the parameter', async (path, field) => {
    const res = await t.s.api('GET', `${API}/${path.replace('{class}', String(t.w.cls.id))}`, { token: t.w.creator.token });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().violations).toContainEqual({ propertyPath: field, message: V.date });
  });

  it('a student report with an end date that is no day answers 400', async () => {
    const res = await t.s.api('GET', `${API}/report/student/${t.w.studentId}?endDate=2026-01-01T25:99:99Z`, { token: t.w.creator.token });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().violations).toContainEqual({ propertyPath: 'endDate', message: V.date });
  });
});

describe(`integers are integers, written as integers (${dbKind})`, () => {
  const ratingText = (field: string, number: string) => {
    const body = JSON.stringify(ratingBody(t.w.cls.id, t.w.ids['learning-action']!, { [field]: '@@' }));
    return body.replace('"@@"', number);
  };

  it.each(['3.4e1', '1.0', '3e0', '30e-1', '9007199254740993', '1e400'])('points written as %s are refused', async (n) => {
    await refused(() => raw('POST', `${API}/rating`, ratingText('points', n)), 'points');
  });

  it.each(['3.4e1', '1.0', '9007199254740993', '2147483648', '1e3'])('a relation id written as %s is refused', async (n) => {
    await refused(() => raw('POST', `${API}/rating`, ratingText('learningAction', n)), 'learningAction', V.reference);
    await refused(() => raw('POST', `${API}/rating`, ratingText('learningAction', `{"id": ${n}}`)), 'learningAction', V.reference);
  });

  it('an action position written as 1.0 or 1e3 is refused, 2 is taken', async () => {
    const url = `${API}/learning-action/${t.w.ids['learning-action']}`;
    await refused(() => raw('PATCH', url, '{"position": 1.0}'), 'position', V.typeOf('int'));
    await refused(() => raw('PATCH', url, '{"position": 1e3}'), 'position', V.typeOf('int'));
    expect((await raw('PATCH', url, '{"position": 0}')).statusCode).toBe(200);
  });

  it('a class year written as 2.026e3 is refused', async () => {
    await refused(() => raw('PATCH', `${API}/teaching-class/${t.w.cls.id}`, '{"year": 2.026e3}'), 'year');
  });

  it('a number a field takes as text is kept as written', async () => {
    const res = await raw('PATCH', `${API}/teaching-class/${t.w.cls.id}`, '{"term": 1.0, "grade": 12345678901234567890}');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ term: '1.0', grade: '12345678901234567890' });
  });

  it.each(['3.4e1', '1.0', '1e3', '0x1f', '+1', '-1', ' 1', '2147483648', '9007199254740993'])(
    'a query id or page written as %j answers 400',
    async (n) => {
      const q = encodeURIComponent(n);
      for (const [url, field] of [
        [`${API}/teaching-class-students?teachingClass.id=${q}`, 'teachingClass.id'],
        [`${API}/ratings?teachingClass.id=${t.w.cls.id}&page=${q}`, 'page'],
        [`${API}/teaching-classes?itemsPerPage=${q}`, 'itemsPerPage'],
      ] as const) {
        const res = await t.s.api('GET', url, { token: t.w.creator.token });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
        expect(res.json().violations.map((v: { propertyPath: string }) => v.propertyPath)).toContain(field);
      }
    },
  );

  it.each(['3.4e1', '1.0', '1e3', '0x1f', '2147483648', '9007199254740993', '99999999999999999999'])(
    'a path id written as %j is refused',
    async (n) => {
      for (const path of ['teaching-class', 'rating', 'learning-skill']) {
        const res = await t.s.api('GET', `${API}/${path}/${encodeURIComponent(n)}`, { token: t.w.creator.token });
        expect([400, 404], `${path}/${n}: ${res.body}`).toContain(res.statusCode);
      }
    },
  );
});

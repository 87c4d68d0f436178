import { CLASS_DEFAULT_POINTS } from '@skillroom/contract';
import { describe, expect, it } from 'vitest';
import { API, classBody, classRow, withClassRoles } from '../../../test/classes';

/** DESIGN §7: the points a quick rating gives, a class field from 1 to 5, 3 when a client leaves it out. */

const t = withClassRoles();

const create = (o: Record<string, unknown>) => t.s.api('POST', `${API}/teaching-class`, { token: t.w.creator.token, body: classBody(o) });
const bad = [0, 6, 2.5, '3', null, true];

describe('defaultPoints', () => {
  it('is 3 when omitted, and what was sent otherwise, in the answer, the read and the row', async () => {
    const omitted = await create({});
    expect(omitted.statusCode).toBe(201);
    expect(omitted.json().defaultPoints).toBe(CLASS_DEFAULT_POINTS.default);
    for (const points of [1, 5]) {
      const res = await create({ defaultPoints: points });
      expect(res.json().defaultPoints).toBe(points);
      expect((await t.s.api('GET', `${API}/teaching-class/${res.json().id}`, { token: t.w.creator.token })).json().defaultPoints).toBe(
        points,
      );
      expect((await classRow(t.s, res.json().id))!.defaultPoints).toBe(points);
    }
  });

  it.each(bad)('refuses %j on create with a violation on defaultPoints, creating nothing', async (value) => {
    const before = (await t.s.api('GET', `${API}/teaching-classes`, { token: t.w.creator.token })).json()['hydra:totalItems'];
    const res = await create({ defaultPoints: value, name: 'Refused' });
    expect(res.statusCode).toBe(400);
    expect(res.json().violations.map((v: { propertyPath: string }) => v.propertyPath)).toEqual(['defaultPoints']);
    expect((await t.s.api('GET', `${API}/teaching-classes`, { token: t.w.creator.token })).json()['hydra:totalItems']).toBe(before);
  });

  it('is changed by PATCH (creator), refused out of range, and read by every class role', async () => {
    const patch = (token: string, value: unknown) =>
      t.s.api('PATCH', `${API}/teaching-class/${t.w.cls.id}`, { token, body: { defaultPoints: value } });
    expect((await patch(t.w.creator.token, 4)).json().defaultPoints).toBe(4);
    for (const value of bad) {
      const res = await patch(t.w.creator.token, value);
      expect(res.statusCode).toBe(400);
      expect(res.json().violations[0].propertyPath).toBe('defaultPoints');
    }
    expect((await patch(t.w.coteacher.token, 2)).statusCode).toBe(403);
    expect((await patch(t.w.evaluator.token, 2)).statusCode).toBe(403);
    expect((await patch(t.w.stranger.token, 2)).statusCode).toBe(404);
    for (const who of ['creator', 'coteacher', 'evaluator'] as const)
      expect((await t.s.api('GET', `${API}/teaching-class/${t.w.cls.id}`, { token: t.w[who].token })).json().defaultPoints).toBe(4);
    expect((await classRow(t.s, t.w.cls.id))!.defaultPoints).toBe(4);
  });
});

import { CLASS_DEFAULT_POINTS } from '@skillroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { API, classBody, classRow, classWithRoles } from '../../../test/classes';

/** DESIGN §7: the points a quick rating gives, a class field from 1 to 5, 3 when a client leaves it out. */

let s: TestServer;
let w: Awaited<ReturnType<typeof classWithRoles>>;
beforeAll(async () => {
  s = await startTestServer();
  w = await classWithRoles(s);
});
afterAll(() => s.close());

const create = (o: Record<string, unknown>) => s.api('POST', `${API}/teaching-class`, { token: w.creator.token, body: classBody(o) });
const bad = [0, 6, 2.5, '3', null, true];

describe('defaultPoints', () => {
  it('is 3 when omitted, and what was sent otherwise, in the answer, the read and the row', async () => {
    const omitted = await create({});
    expect(omitted.statusCode).toBe(201);
    expect(omitted.json().defaultPoints).toBe(CLASS_DEFAULT_POINTS.default);
    for (const points of [1, 5]) {
      const res = await create({ defaultPoints: points });
      expect(res.json().defaultPoints).toBe(points);
      expect((await s.api('GET', `${API}/teaching-class/${res.json().id}`, { token: w.creator.token })).json().defaultPoints).toBe(points);
      expect((await classRow(s, res.json().id))!.defaultPoints).toBe(points);
    }
  });

  it.each(bad)('refuses %j on create with a violation on defaultPoints, creating nothing', async (value) => {
    const before = (await s.api('GET', `${API}/teaching-classes`, { token: w.creator.token })).json()['hydra:totalItems'];
    const res = await create({ defaultPoints: value, name: 'Refused' });
    expect(res.statusCode).toBe(400);
    expect(res.json().violations.map((v: { propertyPath: string }) => v.propertyPath)).toEqual(['defaultPoints']);
    expect((await s.api('GET', `${API}/teaching-classes`, { token: w.creator.token })).json()['hydra:totalItems']).toBe(before);
  });

  it('is changed by PATCH (creator), refused out of range, and read by every class role', async () => {
    const patch = (token: string, value: unknown) =>
      s.api('PATCH', `${API}/teaching-class/${w.cls.id}`, { token, body: { defaultPoints: value } });
    expect((await patch(w.creator.token, 4)).json().defaultPoints).toBe(4);
    for (const value of bad) {
      const res = await patch(w.creator.token, value);
      expect(res.statusCode).toBe(400);
      expect(res.json().violations[0].propertyPath).toBe('defaultPoints');
    }
    expect((await patch(w.coteacher.token, 2)).statusCode).toBe(403);
    expect((await patch(w.evaluator.token, 2)).statusCode).toBe(403);
    expect((await patch(w.stranger.token, 2)).statusCode).toBe(404);
    for (const who of ['creator', 'coteacher', 'evaluator'] as const)
      expect((await s.api('GET', `${API}/teaching-class/${w.cls.id}`, { token: w[who].token })).json().defaultPoints).toBe(4);
    expect((await classRow(s, w.cls.id))!.defaultPoints).toBe(4);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, startTestServer, type TestServer } from '../../../test/harness';
import { classWithRoles } from '../../../test/classes';

/** GET /api/public/v1/version/{buildNumber}: the server's version and the oldest app build it serves (MINIMUM_APP_BUILD). */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ MINIMUM_APP_BUILD: '120' });
});
afterAll(() => s.close());

const version = (build: string, token?: string) => s.api('GET', `/api/public/v1/version/${build}`, { token });

describe(`GET /version/{buildNumber} (${dbKind})`, () => {
  it('answers the version of /config and the minimum, and whether the build is still served', async () => {
    const { version: v } = (await s.api('GET', '/api/public/v1/config')).json();
    expect((await version('119')).json()).toEqual({ version: v, minimum: 120, supported: false });
    expect((await version('120')).json()).toEqual({ version: v, minimum: 120, supported: true });
    expect((await version('4500')).json()).toEqual({ version: v, minimum: 120, supported: true });
  });

  it('answers every role alike, signed in or not', async () => {
    const w = await classWithRoles(s);
    const bodies = new Set<string>();
    for (const u of [undefined, w.creator, w.coteacher, w.evaluator, w.linked, w.stranger])
      bodies.add((await version('130', u?.token)).body);
    expect(bodies.size).toBe(1);
  });

  it('refuses what is not a build number with a violation', async () => {
    for (const build of ['abc', '-1', '1.5', '99999999999']) {
      const res = await version(build);
      expect(res.statusCode, build).toBe(400);
      expect(res.json()).toMatchObject({ '@type': 'ConstraintViolationList', violations: [{ propertyPath: 'buildNumber' }] });
    }
  });
});

describe('MINIMUM_APP_BUILD', () => {
  it('is 0 when not set: every build is served', async () => {
    const plain = await startTestServer();
    try {
      expect((await plain.api('GET', '/api/public/v1/version/0')).json()).toMatchObject({ minimum: 0, supported: true });
    } finally {
      await plain.close();
    }
  });
});

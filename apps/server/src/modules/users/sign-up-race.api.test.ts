import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('parallel sign-ups for one name', () => {
  it('creates one account; the others get a violation on the name, never a 500', async () => {
    const body = (i: number) => ({
      username: 'SameName',
      email: `same${i}@example.org`,
      plainPassword: 'correct horse battery',
      firstName: 'A',
      lastName: 'B',
      accountTypeRadio: 'teacher',
    });
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => s.api('POST', '/api/public/v1/user', { body: body(i) })));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 201)) {
      expect(a.statusCode, a.body).toBe(400);
      expect(a.json().violations.map((v: { propertyPath: string }) => v.propertyPath)).toContain('username');
    }
  });
});

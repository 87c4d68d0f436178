import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

describe.each([
  ['https://school.example', true],
  ['http://localhost:3000', false],
])('Strict-Transport-Security with PUBLIC_URL %s', (publicUrl, sent) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ PUBLIC_URL: publicUrl });
  });
  afterAll(() => s.close());

  it(sent ? 'is sent on every answer' : 'is not sent (browsers would refuse plain http afterwards)', async () => {
    for (const url of ['/api/public/v1/config', '/api/public/v1/nowhere']) {
      const res = await s.api('GET', url);
      if (sent) expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      else expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });
});

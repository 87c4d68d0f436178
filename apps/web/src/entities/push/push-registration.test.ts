import { describe, expect, it } from 'vitest';
import { keyBytes, pushPermission } from './push-registration';

describe('push registration', () => {
  it("reads the server's base64url VAPID key into the bytes the browser takes", () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, i) => (i * 37) % 256);
    const b64url = Buffer.from(bytes).toString('base64url');
    expect([...keyBytes(b64url)]).toEqual([...bytes]);
  });

  it('says unsupported where there is no service worker or push (no permission is asked)', () => {
    expect(pushPermission()).toBe('unsupported');
  });
});

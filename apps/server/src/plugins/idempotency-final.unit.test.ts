import { describe, expect, it } from 'vitest';
import { isFinalAnswer } from './idempotency';

/** The one rule of what an `Idempotency-Key` keeps (DESIGN §7); the API tests walk the same classes through real routes. */
describe('isFinalAnswer', () => {
  it.each([200, 201, 204, 400, 404, 405, 410, 413, 415, 422])('keeps %i: the same request always deserves it', (status) => {
    expect(isFinalAnswer(status)).toBe(true);
  });

  it.each([301, 304, 401, 403, 406, 408, 409, 411, 412, 428, 429, 500, 502, 503, 504])(
    'gives the key back after %i: a retry may deserve another answer',
    (status) => {
      expect(isFinalAnswer(status)).toBe(false);
    },
  );
});

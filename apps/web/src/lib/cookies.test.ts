// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteCookie, readCookie, writeCookie } from './cookies';

describe('cookies', () => {
  afterEach(() => {
    deleteCookie('A');
    vi.restoreAllMocks();
  });

  it('sees its own writes at once, within the same task', () => {
    writeCookie('A', 'one');
    expect(readCookie('A')).toBe('one');
    writeCookie('A', 'two=2');
    expect(readCookie('A')).toBe('two=2');
    deleteCookie('A');
    expect(readCookie('A')).toBeNull();
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteCookie, readCookie, writeCookie } from './cookies';

describe('cookies', () => {
  afterEach(() => {
    deleteCookie('A');
    vi.restoreAllMocks();
  });

  it('reads document.cookie once for the task at hand, and afresh in the next task', async () => {
    writeCookie('A', 'one');
    const jar = vi.spyOn(document, 'cookie', 'get');
    expect(readCookie('A')).toBe('one');
    expect(readCookie('A')).toBe('one');
    expect(readCookie('B')).toBeNull();
    expect(jar).toHaveBeenCalledTimes(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(readCookie('A')).toBe('one');
    expect(jar).toHaveBeenCalledTimes(2);
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

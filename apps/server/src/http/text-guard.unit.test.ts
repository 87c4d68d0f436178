import { describe, expect, it } from 'vitest';
import { unsafeTextPath } from './text-guard';

describe('unsafeTextPath', () => {
  it('finds a NUL or an unpaired surrogate, in values and in keys, with its property path', () => {
    expect(unsafeTextPath({ name: 'a\u0000b' })).toBe('name');
    expect(unsafeTextPath({ a: { b: ['ok', '\ud800'] } })).toBe('a.b[1]');
    expect(unsafeTextPath({ properties: { 'k\u0000': 1 } })).toBe('properties');
    expect(unsafeTextPath('x\udc00')).toBe('');
    expect(unsafeTextPath({ id: '1' }, 'query')).toBeNull();
  });

  it('keeps whole surrogate pairs (emoji, rarer CJK) and every other character', () => {
    expect(unsafeTextPath({ name: 'Escuela 🌳 𠮷 \t\r\n\u200b\ufeff' })).toBeNull();
    expect(unsafeTextPath({ n: 1, b: true, z: null, u: undefined })).toBeNull();
  });

  it('walks a deeply nested value without overflowing the stack, and skips binary buffers', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(unsafeTextPath(deep)).toMatch(/^(\[0\]){200000}$/);
    expect(unsafeTextPath(Buffer.from([0, 0, 0]))).toBeNull();
  });
});

import { JsonNumberText, anyNumber, refSchema } from '@skillroom/contract';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { misleadingNumber, prepareJson } from './json-numbers';

const read = (text: string) => {
  const p = prepareJson(text);
  return p ? p.restore(JSON.parse(p.text)) : JSON.parse(text);
};

describe('numbers in JSON bodies, read as written', () => {
  it.each(['3.4e1', '1.0', '1e3', '1E3', '-2.0', '10.00', '9007199254740993', '-9007199254740993', '1e400', '2.00000000000000001'])(
    '%s is not taken for the integer JSON.parse makes of it',
    (n) => {
      expect(misleadingNumber(n)).toBe(true);
      const v = read(`{"points": ${n}, "list": [${n}], "deep": {"x": [[${n}]]}}`) as Record<string, unknown>;
      expect(v.points).toBeInstanceOf(JsonNumberText);
      expect((v.points as JsonNumberText).text).toBe(n);
      expect((v.list as unknown[])[0]).toBeInstanceOf(JsonNumberText);
      expect((v.deep as { x: unknown[][] }).x[0]![0]).toBeInstanceOf(JsonNumberText);
      expect(z.number().int().safeParse(v.points).success).toBe(false);
      expect(refSchema.safeParse(v.points).success).toBe(false);
    },
  );

  it.each(['0', '5', '-3', '2147483647', '9007199254740991', '0.5', '1e-7', '-2.25'])('%s is read as JSON.parse reads it', (n) => {
    expect(misleadingNumber(n)).toBe(false);
    expect(read(`{"a": ${n}}`)).toEqual({ a: Number(n) });
  });

  it('leaves numbers inside strings, keys and bodies without any alone', () => {
    expect(prepareJson('{"note": "3.4e1 and 1.0", "1e3": "x", "n": 3}')).toBeNull();
    expect(read('{"note": "say \\"1.0\\" 2.0"}')).toEqual({ note: 'say "1.0" 2.0' });
    expect(read('{"note": "a\\\\", "n": 1.0}')).toMatchObject({ note: 'a\\', n: expect.any(JsonNumberText) });
  });

  it('reads a top-level misleading number, and leaves malformed JSON to be refused', () => {
    expect(read('1e3')).toBeInstanceOf(JsonNumberText);
    for (const bad of ['[01]', '[1-2]', '[1.]', '[.5]', '{"a": 1.0e}']) expect(() => read(bad)).toThrow(SyntaxError);
  });

  it('lets a field that takes any number read the value', () => {
    expect(anyNumber.parse(read('1.0'))).toBe(1);
    expect(anyNumber.parse(read('1e3'))).toBe(1000);
    expect(anyNumber.safeParse(read('1e400')).success).toBe(false);
  });

  it('cannot be forged with a string that looks like the marker', () => {
    const p = prepareJson('{"a": 1.0, "b": "~number~3.4e1"}')!;
    const v = p.restore(JSON.parse(p.text)) as Record<string, unknown>;
    expect(v.a).toBeInstanceOf(JsonNumberText);
    expect(v.b).toBe('~number~3.4e1');
  });
});

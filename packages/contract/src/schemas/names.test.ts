import { describe, expect, it } from 'vitest';
import { cleanName, optionalPersonName, personName } from './names';

describe('cleanName: one rule for every name and roster cell', () => {
  it.each([
    ['Bell\u0007Esc\u001b[31m', 'BellEsc[31m'],
    ['Ana\tMaria\r\nSilva', 'Ana Maria Silva'],
    ['  Zoe\u0308\u0007 \u00a0 Smith ', 'Zoë Smith'],
    ['C1\u0085\u009b and DEL\u007f', 'C1 and DEL'],
    ['a \u0007 b', 'a b'],
    ['李小龍', '李小龍'],
  ])('%j becomes %j', (raw, clean) => expect(cleanName(raw)).toBe(clean));

  it('refuses a name nothing is left of, and counts the limit on the cleaned name', () => {
    expect(personName(5).safeParse('\u0007\t ').success).toBe(false);
    expect(personName(5).parse('ab\u0007\u0007\u0007\u0007cde')).toBe('abcde');
    expect(optionalPersonName(5).parse('\r\n')).toBeNull();
  });
});

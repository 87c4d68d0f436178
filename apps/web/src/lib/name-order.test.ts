import { afterEach, describe, expect, it } from 'vitest';
import { foldName, sortByName } from './name-order';

const NAMES = [
  'Eva Lind',
  'eva lind',
  'Tomás Álvarez',
  'Mia Lind',
  'Sam Unknown',
  'Ana López',
  'Ana Lopez',
  'Noah Nuñez',
  'Noah Nunoz',
  'Nina Ortiz',
  'Zoe Adams',
  'Émile Zola',
  'Jean-Luc Picard',
  'Jean Luc',
  'Lucía Pérez',
  'Lucas Perez',
  'Ñandú Gómez',
  'Nadia Gomez',
  'Óscar Ruiz',
  'Oscar Ríos',
  'Chloé Martin',
  'Chris Mart',
  'Íñigo Muñoz',
  'Inés Munoz',
  'Ana María',
  'ana maria',
  'María José',
  'Mario Jose',
  'Ñoño Úbeda',
  'Nono Ubeda',
  'Zoë Ångström',
  'Zoe Angstrom',
];
// A fixed shuffle: the input order must not matter.
const shuffled = NAMES.map((n, i) => ({ n, k: (i * 17) % NAMES.length }))
  .sort((a, b) => a.k - b.k)
  .map((x) => x.n);

const realCollator = Intl.Collator;
let made = 0;
function countCollators() {
  made = 0;
  Intl.Collator = new Proxy(realCollator, {
    construct: (t, args: unknown[]) => (made++, Reflect.construct(t, args)),
  }) as typeof Intl.Collator;
}
afterEach(() => {
  Intl.Collator = realCollator;
});

describe('names in the order of the language', () => {
  // Other languages order names equal but for accents or case their own way (see below): these have none.
  const distinct = shuffled.filter((n, i) => shuffled.findIndex((m) => foldName(m) === foldName(n)) === i);
  for (const [locale, names] of [
    ['en', shuffled],
    ['es', shuffled],
    ['zh-HK', distinct],
  ] as const)
    it(`orders Latin names as Intl.Collator does, in ${locale}, without making one`, () => {
      const expected = [...names].sort(new realCollator(locale).compare);
      countCollators();
      expect(sortByName(names, (n) => n, locale)).toEqual(expected);
      expect(made).toBe(0);
    });

  it('puts ñ after n in Spanish only', () => {
    expect(sortByName(['Nuñez', 'Nunoz'], (n) => n, 'es')).toEqual(['Nunoz', 'Nuñez']);
    expect(sortByName(['Nuñez', 'Nunoz'], (n) => n, 'en')).toEqual(['Nuñez', 'Nunoz']);
  });

  it('takes the collator in other languages for names equal but for accents', () => {
    const names = ['Ana López', 'Mia Lind', 'Ana Lopez'];
    countCollators();
    expect(sortByName(names, (n) => n, 'zh-HK')).toEqual([...names].sort(new realCollator('zh-HK').compare));
    expect(made).toBe(1);
  });

  it('takes the collator for any other name, and orders the whole list by it', () => {
    const names = ['陳大文', 'Łukasz Nowak', "Seán O'Brien", 'Mia Lind', '李小明', 'Maria Olsen'];
    for (const locale of ['en', 'zh-HK']) {
      const expected = [...names].sort(new realCollator(locale).compare);
      countCollators();
      expect(sortByName(names, (n) => n, locale)).toEqual(expected);
      expect(made).toBe(1);
    }
  });

  it('sorts items by the name taken from each, leaving the list given as it was', () => {
    const items = [{ name: 'Zoe' }, { name: 'Álvaro' }, { name: 'Mia' }];
    expect(sortByName(items, (i) => i.name, 'en').map((i) => i.name)).toEqual(['Álvaro', 'Mia', 'Zoe']);
    expect(items[0]!.name).toBe('Zoe');
  });

  it('folds case and accents for matching', () => {
    expect(foldName('Tomás ÁLVAREZ')).toBe('tomas alvarez');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { foldName, inNameOrder, nameCollator, sortByName } from './name-order';

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
  const names = ['Zoe Adams', 'Íñigo Muñoz', 'Henry Ford', 'Isabel Ruiz', 'Nuñez Ana', 'Nunoz Ana', '陳大文', "Seán O'Brien"];

  it('orders by the collation of the language: ñ after n in Spanish only', () => {
    for (const locale of ['en', 'es', 'zh-HK'])
      expect(sortByName(names, (n) => n, locale)).toEqual([...names].sort(new realCollator(locale).compare));
    expect(sortByName(['Nuñez', 'Nunoz'], (n) => n, 'es')).toEqual(['Nunoz', 'Nuñez']);
    expect(sortByName(['Nuñez', 'Nunoz'], (n) => n, 'en')).toEqual(['Nuñez', 'Nunoz']);
    expect(sortByName(['Isabel', 'Íñigo', 'Henry'], (n) => n, 'en')).toEqual(['Henry', 'Íñigo', 'Isabel']);
  });

  it('makes one collator per locale, however many lists it orders', () => {
    countCollators();
    for (let i = 0; i < 3; i++) for (const locale of ['fr', 'de']) sortByName(names, (n) => n, locale);
    expect(made).toBe(2);
    expect(nameCollator('fr')).toBe(nameCollator('fr'));
  });

  it('keeps the order of equal names and leaves the list given as it was', () => {
    const items = [
      { name: 'Zoe', n: 1 },
      { name: 'Álvaro', n: 2 },
      { name: 'Zoe', n: 3 },
    ];
    expect(sortByName(items, (i) => i.name, 'en').map((i) => i.n)).toEqual([2, 1, 3]);
    expect(items[0]!.n).toBe(1);
  });

  it('orders people by full name', () => {
    const people = [{ firstName: 'Mia', lastName: 'Lind' }, { firstName: 'Mia' }, { firstName: 'Ana', lastName: null }];
    expect(inNameOrder(people, 'en').map((p) => p.lastName)).toEqual([null, undefined, 'Lind']);
  });

  it('folds case and accents for matching', () => {
    expect(foldName('Tomás ÁLVAREZ')).toBe('tomas alvarez');
  });
});

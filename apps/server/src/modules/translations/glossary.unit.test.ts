import fs from 'node:fs';
import path from 'node:path';
import { LOCALES } from '@skillroom/contract';
import { describe, expect, it } from 'vitest';
import glossary from './glossary.json';

type Entry = { thing: string; term: string; avoid: string[] };
const terms = glossary as unknown as Record<string, Entry[]>;
const localesDir = path.resolve(import.meta.dirname, 'locales');
const legalDir = path.resolve(import.meta.dirname, '../../../../web/public/legal');

/** Every text a reader of `locale` sees: the message files' values (web, server, e-mail, PDF, sheets) and the legal pages. */
function texts(locale: string): { where: string; text: string }[] {
  const messages = fs
    .readdirSync(path.join(localesDir, locale))
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) =>
      Object.entries(JSON.parse(fs.readFileSync(path.join(localesDir, locale, f), 'utf8')) as Record<string, string>).map(
        ([key, text]) => ({ where: `${locale}/${f} ${key}`, text }),
      ),
    );
  const legal = fs.existsSync(path.join(legalDir, locale))
    ? fs
        .readdirSync(path.join(legalDir, locale))
        .filter((f) => f.endsWith('.html'))
        .map((f) => ({ where: `legal/${locale}/${f}`, text: fs.readFileSync(path.join(legalDir, locale, f), 'utf8') }))
    : [];
  return [...messages, ...legal];
}

describe('glossary', () => {
  it('has an entry list for every locale', () => {
    expect(Object.keys(terms).filter((k) => !k.startsWith('$')).sort()).toEqual([...LOCALES].sort());
  });

  it.each([...LOCALES])('%s says each thing with one word', (locale) => {
    const all = texts(locale);
    const found: string[] = [];
    for (const entry of terms[locale] ?? []) {
      // A glossary that names a term nobody uses has gone stale.
      expect(all.some((t) => t.text.toLowerCase().includes(entry.term.toLowerCase())), `${locale}: "${entry.term}" unused`).toBe(true);
      for (const word of entry.avoid)
        for (const t of all)
          if (t.text.toLowerCase().includes(word.toLowerCase())) found.push(`${t.where}: "${word}" (say "${entry.term}")`);
    }
    expect(found).toEqual([]);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { LOCALES } from '@skillroom/contract';
import { describe, expect, it } from 'vitest';
import glossary from './glossary.json';

type Entry = { thing: string; term: string; avoid: string[] };
/** How a locale addresses the reader; `avoid` are forms of the other register, matched as whole words. */
type Register = { form: string; why: string; avoid: string[] };
/** Characters of another script; `simplified[i]` is written `traditional[i]`. */
type Script = { form: string; simplified: string; traditional: string };
type Locale = { terms: Entry[]; register?: Register; script?: Script };
const rules = glossary as unknown as Record<string, Locale>;
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

/** `words` as a whole word or phrase: "Pulse" but not "impulse", "usted" but not "trusted". */
const wholeWord = (words: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'iu');

describe('glossary', () => {
  it('has an entry list for every locale', () => {
    expect(Object.keys(rules).filter((k) => !k.startsWith('$')).sort()).toEqual([...LOCALES].sort());
  });

  it.each([...LOCALES])('%s says each thing with one word', (locale) => {
    const all = texts(locale);
    const found: string[] = [];
    for (const entry of rules[locale]?.terms ?? []) {
      // A glossary that names a term nobody uses has gone stale.
      expect(all.some((t) => t.text.toLowerCase().includes(entry.term.toLowerCase())), `${locale}: "${entry.term}" unused`).toBe(true);
      // Another thing's own term may hold the word ('self-assessment' is not 'assessment'): it is read without them.
      const others = (rules[locale]?.terms ?? []).filter((e) => e !== entry).map((e) => e.term.toLowerCase());
      const without = (text: string) => others.reduce((s, term) => s.split(term).join(' '), text.toLowerCase());
      for (const word of entry.avoid)
        for (const t of all) if (without(t.text).includes(word.toLowerCase())) found.push(`${t.where}: "${word}" (say "${entry.term}")`);
    }
    expect(found).toEqual([]);
  });

  it.each(LOCALES.filter((l) => rules[l]?.register))('%s addresses the reader in one register', (locale) => {
    const { form, avoid } = rules[locale]!.register!;
    const found: string[] = [];
    for (const marker of avoid) {
      const re = wholeWord(marker);
      for (const t of texts(locale)) if (re.test(t.text)) found.push(`${t.where}: "${marker}" (address the reader with ${form})`);
    }
    expect(found).toEqual([]);
  });

  it.each(LOCALES.filter((l) => rules[l]?.script))('%s is written in one script', (locale) => {
    const { form, simplified, traditional } = rules[locale]!.script!;
    const from = [...simplified];
    const to = [...traditional];
    expect(to.length, 'each Simplified character has its Traditional form').toBe(from.length);
    expect(
      from.filter((c, i) => from.indexOf(c) !== i),
      'no character listed twice',
    ).toEqual([]);
    const found: string[] = [];
    for (const t of texts(locale))
      for (const [i, c] of from.entries()) if (t.text.includes(c)) found.push(`${t.where}: "${c}" (${form}: "${to[i]}")`);
    expect(found).toEqual([]);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { LOCALES } from '@skillroom/contract/constants';
import { toIntlMessages } from '@skillroom/contract/rules';
import { describe, expect, it } from 'vitest';

const localesDir = path.resolve(import.meta.dirname, '../../../server/src/modules/translations/locales');
const load = (locale: string) =>
  toIntlMessages(
    Object.assign(
      {},
      ...fs
        .readdirSync(path.join(localesDir, locale))
        .filter((f) => f.endsWith('.json'))
        .map((f) => JSON.parse(fs.readFileSync(path.join(localesDir, locale, f), 'utf8')) as Record<string, string>),
    ) as Record<string, string>,
  );

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !e.name.includes('.test.') ? [p] : [];
  });
}

// Argument names ({name} or {count, plural, …}), not the bodies of plural branches ("one {# student}").
const placeholders = (text: string) =>
  [...new Set([...text.matchAll(/(?<!(?:=\d+|zero|one|two|few|many|other)\s*)\{(\w+)\s*[,}]/g)].map((m) => m[1]))].sort();

describe('translations', () => {
  const en = load('en');

  it.each(LOCALES.filter((l) => l !== 'en'))('%s has exactly the keys of en, with the same placeholders', (locale) => {
    const other = load(locale);
    expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort());
    for (const [k, v] of Object.entries(en)) expect(placeholders(other[k]!), k).toEqual(placeholders(v));
  });

  it('has a text for every message id the web app uses', () => {
    const src = sourceFiles(path.resolve(import.meta.dirname, '..'))
      .map((f) => fs.readFileSync(f, 'utf8'))
      .join('\n');
    const ids = new Set([...src.matchAll(/['"`](web_[a-z0-9_]+[a-z0-9])['"`]/gi)].map((m) => m[1]!));
    const missing = [...ids].filter((id) => !(id in en));
    expect(missing).toEqual([]);
    // Ids built at run time (`web_account_type_${t}`) must have a text for each of their prefixes.
    const prefixes = new Set([...src.matchAll(/`(web_[a-z0-9_]+_)\$\{/gi)].map((m) => m[1]!));
    for (const p of prefixes)
      expect(
        Object.keys(en).some((k) => k.startsWith(p)),
        p,
      ).toBe(true);
  });
});

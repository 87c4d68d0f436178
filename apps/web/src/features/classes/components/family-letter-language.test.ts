import type { FamilyLetterDefaults } from '@skillroom/contract/types';
import { describe, expect, it } from 'vitest';
import { letterLanguageDefault, printedLanguage } from './family-letter-language';

const d = (language: FamilyLetterDefaults['language'], known: [number, 'en' | 'es' | 'zh-HK'][] = []): FamilyLetterDefaults => ({
  '@type': 'FamilyLetterDefaults',
  language,
  familyLanguages: known.map(([teachingClassStudent, l]) => ({ teachingClassStudent, language: l })),
});

describe("a family letter's language in the dialog (issue 36 §5)", () => {
  it("is the place's own, else the family's known one, else the class's — never the reader's when the class has one", () => {
    const defaults = d('en', [[2, 'es']]);
    expect(letterLanguageDefault({ id: 1, familyLanguage: 'zh-HK' }, d('en', [[1, 'es']]), 'en')).toBe('zh-HK');
    expect(letterLanguageDefault({ id: 2, familyLanguage: null }, defaults, 'zh-HK')).toBe('es');
    expect(letterLanguageDefault({ id: 3, familyLanguage: null }, defaults, 'zh-HK')).toBe('en');
  });

  it("is the reader's interface language when the class has none, which the server would not print by itself", () => {
    expect(letterLanguageDefault({ id: 3 }, d(null), 'zh-HK')).toBe('zh-HK');
    expect(printedLanguage({ id: 3 }, d(null))).toBeNull();
    expect(letterLanguageDefault({ id: 3 }, d(null), 'fr')).toBe('en');
    expect(printedLanguage({ id: 2 }, d(null, [[2, 'es']]))).toBe('es');
  });
});

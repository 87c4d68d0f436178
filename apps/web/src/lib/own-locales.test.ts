import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerOwnLocales } from './own-locales';

describe("the app's own locales, known without asking ICU", () => {
  const number = Intl.NumberFormat.supportedLocalesOf;
  const dateTime = Intl.DateTimeFormat.supportedLocalesOf;
  afterEach(() => {
    Intl.NumberFormat.supportedLocalesOf = number;
    Intl.DateTimeFormat.supportedLocalesOf = dateTime;
  });

  it('answers for one of them at once and passes every other question on', () => {
    const asked = vi.spyOn(Intl.NumberFormat, 'supportedLocalesOf');
    answerOwnLocales(['en', 'es', 'zh-HK']);
    expect(Intl.NumberFormat.supportedLocalesOf('zh-HK')).toEqual(['zh-HK']);
    expect(Intl.DateTimeFormat.supportedLocalesOf('es')).toEqual(['es']);
    expect(asked).not.toHaveBeenCalled();
    expect(Intl.NumberFormat.supportedLocalesOf(['fr', 'en'])).toEqual(['fr', 'en']);
    expect(Intl.NumberFormat.supportedLocalesOf('tlh')).toEqual([]);
    expect(asked).toHaveBeenCalledTimes(2);
  });
});

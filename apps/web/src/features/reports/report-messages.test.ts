import fs from 'node:fs';
import path from 'node:path';
import { toIntlMessages } from '@skillroom/contract/rules';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';

// The report screens' counts read with each locale's plural rules (DESIGN §9): no "1 ratings", in zh-HK and es too.
const dir = path.resolve(import.meta.dirname, '../../../../server/src/modules/translations/locales');
const messages = (locale: string) =>
  toIntlMessages(JSON.parse(fs.readFileSync(path.join(dir, locale, 'web-reports.json'), 'utf8')) as Record<string, string>);
const say = (locale: string, id: string, values: Record<string, number | string>) =>
  new IntlMessageFormat(messages(locale)[id]!, locale).format(values) as string;

describe('report plurals', () => {
  it.each([
    ['en', '1 rating · 4★', '2 ratings · 3.5★'],
    ['es', '1 valoración · 4★', '2 valoraciones · 3.5★'],
    ['zh-HK', '1 個評分 · 4★', '2 個評分 · 3.5★'],
  ])('words a cell in %s', (locale, one, two) => {
    expect(say(locale, 'web_report_cell', { ratings: 1, average: 4 })).toBe(one);
    expect(say(locale, 'web_report_cell', { ratings: 2, average: 3.5 })).toBe(two);
    expect(say(locale, 'web_report_ratings_count', { count: 1 })).toBe(one.split(' · ')[0]);
  });

  it.each([
    ['en', 'over 1 week, 1 rating in all', 'over 5 weeks, 12 ratings in all'],
    ['es', 'durante 1 semana, 1 valoración en total', 'durante 5 semanas, 12 valoraciones en total'],
    ['zh-HK', '1 週內每週評分及平均分的圖表，共 1 個評分', '5 週內每週評分及平均分的圖表，共 12 個評分'],
  ])('words the timeline chart in %s', (locale, one, many) => {
    expect(say(locale, 'web_report_chart_timeline_label', { weeks: 1, ratings: 1 })).toContain(one);
    expect(say(locale, 'web_report_chart_timeline_label', { weeks: 5, ratings: 12 })).toContain(many);
  });

  it.each([
    ['en', 'at most 10 years', 'Week of 07/09/2026'],
    ['es', 'como máximo 10 años', 'Semana del 07/09/2026'],
    ['zh-HK', '最多只可涵蓋 10 年', '07/09/2026 起的一週'],
  ])('words the range limit and a week in %s', (locale, limit, week) => {
    expect(say(locale, 'web_report_error_too_long', { max: 10 })).toContain(limit);
    expect(say(locale, 'web_report_week_of', { date: '07/09/2026' })).toBe(week);
  });
});

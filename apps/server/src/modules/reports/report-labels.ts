import { IntlMessageFormat } from 'intl-messageformat';
import { fullName, REPORT_SKILL_AS_WHOLE, stageOf, type Report } from '@skillroom/contract';
import type { StoredStage } from '../../db/schema';
import { translator } from '../translations/translations.service';

/** 2026-09-07 → 07/09/2026: every date of a report reads dd/MM/yyyy in every language (DESIGN §9). */
export const dayMonthYear = (iso: string) => {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
};

/** Texts of a report export in one language: labels, and skill and action names (catalogue ones translated). */
export function reportLabels(locale: string) {
  const t = translator(locale);
  const formats = new Map<string, IntlMessageFormat>();
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const lists = new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' });
  /** A count worded by the locale's plural rules (ICU MessageFormat in the locale file): "1 rating", "2 ratings". */
  const count = (key: string, n: number) => {
    let f = formats.get(key);
    if (!f) formats.set(key, (f = new IntlMessageFormat(t(key), locale)));
    return String(f.format({ n }));
  };
  const named = (x: { name: string; translationKey: string | null }) => (x.translationKey ? t(x.translationKey) : x.name);
  /** A rating's action; none: the rating is of its skill as a whole (DESIGN §14). */
  const action = (x: { name: string; translationKey: string | null } | null) => named(x ?? REPORT_SKILL_AS_WHOLE);
  const person = fullName;
  /** A stage's name in the reader's language (DESIGN §12); shipped and generic stages have it under their key. */
  const stage = (x: { name: string; translationKey: string | null } | null) =>
    x ? (x.translationKey ? t(`${x.translationKey}.name`) : x.name) : '';
  /** A stage as a skill stores it (its key for the shipped ones), named in the reader's language; '' for none. */
  const stored = (x: StoredStage | null) => stage(x && { name: x.name, translationKey: x.key });
  /** The stage some points reach on a skill (a rating's, DESIGN §12): '' below the first stage. */
  const stageAt = (stages: readonly StoredStage[], points: number | null) => stored(stageOf(stages, points));
  /** A month of a growth series, 2026-09 → 09/2026, as dates read dd/MM/yyyy (DESIGN §9). */
  const month = (ym: string) => `${ym.slice(5, 7)}/${ym.slice(0, 4)}`;
  const title = (r: Report) =>
    r.student
      ? `${t('report.title_student')}: ${person(r.student)}`
      : `${t('report.title_class')}: ${r.teachingClasses.map((c) => c.name).join(', ')}`;
  return {
    t,
    count,
    ratings: (n: number) => count('report_pdf.ratings_count', n),
    points: (n: number) => count('report_pdf.points_count', n),
    number: (n: number) => numbers.format(n),
    /** Names in a row, as the language separates them: "Amy Wong, Ben Ho, and Cleo Li", "Amy Wong、Ben Ho及Cleo Li". */
    list: (items: string[]) => lists.format(items),
    date: dayMonthYear,
    weekOf: (iso: string) => t('report_pdf.week_of', { date: dayMonthYear(iso) }),
    named,
    action,
    stage,
    stored,
    stageAt,
    month,
    person,
    title,
    locale,
  };
}
export type ReportLabels = ReturnType<typeof reportLabels>;

/** A file name for a download: the report's subject and range, in safe characters. */
export function reportFileName(r: Report, ext: string) {
  const subject = r.student ? `${r.student.firstName}-${r.student.lastName ?? ''}` : (r.teachingClasses[0]?.name ?? 'class');
  const safe =
    subject
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\w-]+/g, '-')
      .replace(/-+/g, '-')
      .replace(/^-|-$/g, '') || 'report';
  return `report-${safe}-${r.start}-${r.end}.${ext}`;
}

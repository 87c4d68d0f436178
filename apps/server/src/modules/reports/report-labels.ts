import type { Report } from '@skillroom/contract';
import { translator } from '../translations/translations.service';

/** Texts of a report export in one language: labels, and skill and action names (catalogue ones translated). */
export function reportLabels(locale: string) {
  const t = translator(locale);
  const named = (x: { name: string; translationKey: string | null }) => (x.translationKey ? t(x.translationKey) : x.name);
  const person = (p: { firstName: string; lastName: string | null }) => [p.firstName, p.lastName].filter(Boolean).join(' ');
  const title = (r: Report) => (r.student ? `${t('report.title_student')}: ${person(r.student)}` : `${t('report.title_class')}: ${r.teachingClasses.map((c) => c.name).join(', ')}`);
  return { t, named, person, title, locale };
}
export type ReportLabels = ReturnType<typeof reportLabels>;

/** A file name for a download: the report's subject and range, in safe characters. */
export function reportFileName(r: Report, ext: string) {
  const subject = r.student ? `${r.student.firstName}-${r.student.lastName ?? ''}` : (r.teachingClasses[0]?.name ?? 'class');
  const safe = subject.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^\w-]+/g, '-').replace(/-+/g, '-').replace(/^-|-$/g, '') || 'report';
  return `report-${safe}-${r.start}-${r.end}.${ext}`;
}

import type { Report, ReportFormat } from '@skillroom/contract/types';
import useSWR from 'swr';
import { withQuery } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';
import type { Range } from '../components/range-presets';

/** Whose report: a class, or a Student (the person) in one class or, without `classId`, in every class one may see. */
export type ReportSubject = { kind: 'class'; id: number } | { kind: 'student'; id: number; classId: number | null };

const query = (s: ReportSubject, range: Range | null) => ({
  startDate: range?.start,
  endDate: range?.end,
  teachingClassId: s.kind === 'student' ? s.classId : undefined,
});

export const reportPath = (s: ReportSubject, range: Range | null, format?: ReportFormat) =>
  withQuery(`/report/${format ? `${format}/` : ''}${s.kind}/${s.id}`, query(s, range));

/** The report JSON (DESIGN §3); with no range the server picks the class's start to today. */
export function useReport(subject: ReportSubject | null, range: Range | null) {
  return useSWR<Report>(subject ? reportPath(subject, range) : null, { keepPreviousData: true });
}

/** Downloads the PDF or spreadsheet of the report (fetched with the token: a refusal shows as a message). */
export function downloadReport(subject: ReportSubject, range: Range | null, format: ReportFormat) {
  return downloadFile(reportPath(subject, range, format), `report-${subject.kind}-${subject.id}.${format === 'pdf' ? 'pdf' : 'xlsx'}`);
}

import { API_AUTH_PREFIX, type Report, type ReportFormat } from '@skillroom/contract';
import useSWR from 'swr';
import { ApiError, withQuery } from '../../../lib/api-client';
import { API_ORIGIN } from '../../../lib/config';
import { validToken } from '../../../lib/session';
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

/** The file name the server gave in Content-Disposition, or a sensible one. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (star) return decodeURIComponent(star[1]!);
  const plain = /filename="?([^";]+)"?/i.exec(disposition ?? '');
  return plain ? plain[1]! : fallback;
}

/**
 * Downloads the PDF or spreadsheet. Fetched with the bearer token (refreshed when needed) rather than opened as a
 * link, so that an expired session or a refusal shows as a message instead of an error page.
 */
export async function downloadReport(subject: ReportSubject, range: Range | null, format: ReportFormat) {
  const token = await validToken();
  let res: Response;
  try {
    res = await fetch(`${API_ORIGIN}${API_AUTH_PREFIX}${reportPath(subject, range, format)}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError(0, 'network');
  }
  if (!res.ok) throw new ApiError(res.status, res.statusText);
  const blob = await res.blob();
  const ext = format === 'pdf' ? 'pdf' : 'xlsx';
  const name = fileNameOf(res.headers.get('content-disposition'), `report-${subject.kind}-${subject.id}.${ext}`);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Give the browser time to start the download before the object URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

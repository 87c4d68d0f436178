import type { ReportFormat } from '@skillroom/contract/types';
import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { LoadError } from '../../../components/error-content';
import { Button, buttonClass } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { printPage } from '../../../lib/print-page';
import { downloadReport, useReport, type ReportSubject } from '../api/reports-api';
import { RangePicker, RangePickerPlaceholder, rangeText } from './range-picker';
import { classSpan, rangeFrom, type Range } from './range-presets';
import { ReportView } from './report-view';
import './report-print.css';

interface Props {
  title: ReactNode;
  /** A line under the title: the class, or the student's class and school. */
  subtitle?: ReactNode;
  subject: ReportSubject;
  backPath: string;
  backLabel: ReactNode;
  /** Choices shown with the range, inside its group (the student report's choice of classes). */
  extra?: ReactNode;
}

/** The range from `?startDate&endDate`, kept in the address so that a report can be reloaded, shared and printed. */
function useRange(): [Range | null, (r: Range) => void] {
  const [params, setParams] = useSearchParams();
  const set = (next: Range) =>
    setParams(
      (p) => {
        p.set('startDate', next.start);
        p.set('endDate', next.end);
        return p;
      },
      { replace: true },
    );
  return [rangeFrom(params), set];
}

/** A report screen: range, downloads, print, and the report itself. */
export function ReportFrame({ title, subtitle, subject, backPath, backLabel, extra }: Props) {
  const intl = useIntl();
  const [range, setRange] = useRange();
  const report = useReport(subject, range);
  const [busy, setBusy] = useState<ReportFormat | null>(null);
  const data = report.data;
  const shown = data ? { start: data.start, end: data.end } : range;
  const span = data ? (classSpan(data.teachingClasses, new Date()) ?? shown!) : null;

  const download = async (format: ReportFormat) => {
    setBusy(format);
    try {
      await downloadReport(subject, shown, format);
    } catch (e) {
      toast.error(
        e instanceof ApiError && e.status === 403
          ? intl.formatMessage({ id: 'web_forbidden_title' })
          : intl.formatMessage({ id: 'web_report_download_failed' }),
      );
    } finally {
      setBusy(null);
    }
  };

  if (report.error && !data) return <LoadError error={report.error} onRetry={() => void report.mutate()} />;
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-6 sm:px-6 print:max-w-none print:p-0">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h1 className="text-2xl font-bold break-words text-slate-900">{title}</h1>
          {subtitle && <div className="text-sm text-slate-700">{subtitle}</div>}
          {/* Lines that wait for the report keep their place while it loads (min-h-5 is a line of text-sm), so the
              title's block, and the buttons that wrap below it on a phone, do not move when it arrives. */}
          {subject.kind === 'student' && (!data || data.teachingClasses.length > 0) && (
            <p className="min-h-5 text-sm text-slate-700">
              {data && <FormattedMessage id="web_report_classes" values={{ list: data.teachingClasses.map((c) => c.name).join(', ') }} />}
            </p>
          )}
          <p className="min-h-5 text-sm font-medium text-slate-800">
            {shown && <FormattedMessage id="web_report_covering" values={{ range: rangeText(shown) }} />}
          </p>
        </div>
        <div className="flex flex-wrap gap-2 print:hidden">
          <Button variant="secondary" busy={busy === 'pdf'} onClick={() => void download('pdf')}>
            <FormattedMessage id="web_report_download_pdf" />
          </Button>
          <Button variant="secondary" busy={busy === 'spreadsheet'} onClick={() => void download('spreadsheet')}>
            <FormattedMessage id="web_report_download_spreadsheet" />
          </Button>
          <Button variant="ghost" onClick={() => void printPage()}>
            <FormattedMessage id="web_report_print" />
          </Button>
        </div>
      </div>
      {shown && span ? (
        <RangePicker range={shown} span={span} onChange={setRange}>
          {extra}
        </RangePicker>
      ) : (
        <RangePickerPlaceholder extra={Boolean(extra)} />
      )}
      {!data ? (
        // As tall as the screen: the report comes in below the fold's edge, and the link under it never jumps.
        <div className="min-h-screen">
          <Loading />
        </div>
      ) : (
        <div aria-busy={report.isValidating || undefined}>
          <ReportView report={data} kind={subject.kind} classId={subject.kind === 'class' ? subject.id : null} />
        </div>
      )}
      <Link to={backPath} className={buttonClass('secondary', 'print:hidden')}>
        {backLabel}
      </Link>
    </div>
  );
}

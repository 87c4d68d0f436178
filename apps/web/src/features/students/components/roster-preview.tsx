import { ROSTER_ROW_STATUSES, type RosterRowStatus } from '@skillroom/contract/rules';
import type { RosterImportPreview, RosterImportRow } from '@skillroom/contract/types';
import { FormattedMessage, useIntl } from 'react-intl';

const badge: Record<RosterRowStatus, string> = {
  new: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  existing: 'border-sky-300 bg-sky-50 text-sky-900',
  duplicate: 'border-amber-300 bg-amber-50 text-amber-900',
  invalid: 'border-red-300 bg-red-50 text-red-800',
};

function StatusBadge({ status }: { status: RosterRowStatus }) {
  return (
    <span className={`inline-block rounded border px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${badge[status]}`}>
      <FormattedMessage id={`web_roster_status_${status}`} />
    </span>
  );
}

/** Why a row is not simply new, in the reader's language. */
function useReason() {
  const intl = useIntl();
  return (r: RosterImportRow) => {
    if (r.reason) return intl.formatMessage({ id: `web_roster_reason_${r.reason}`, defaultMessage: r.message });
    if (r.status === 'existing') return intl.formatMessage({ id: 'web_roster_reason_existing' });
    return null;
  };
}

function FirstName({ row }: { row: RosterImportRow }) {
  return row.firstName ? (
    <>{row.firstName}</>
  ) : (
    <span className="text-slate-600 italic">
      <FormattedMessage id="web_roster_no_first_name" />
    </span>
  );
}

/**
 * The dry run's rows: a table from 640 px, cards below (one per row: line, name, code, status and reason), so nothing
 * scrolls sideways on a phone. Long names wrap.
 */
export function RosterPreview({ preview }: { preview: RosterImportPreview }) {
  const reason = useReason();
  const { summary } = preview;
  return (
    <div className="space-y-4">
      <ul aria-label={useIntl().formatMessage({ id: 'web_roster_summary_label' })} className="flex flex-wrap gap-2">
        {ROSTER_ROW_STATUSES.filter((s) => summary[s] > 0).map((s) => (
          <li key={s} className="flex items-center gap-1 text-sm text-slate-800">
            <StatusBadge status={s} />
            <span>{summary[s]}</span>
          </li>
        ))}
      </ul>
      {summary.ignored > 0 && (
        <p className="text-sm text-slate-700">
          <FormattedMessage id="web_roster_ignored" values={{ count: summary.ignored }} />
        </p>
      )}
      <table className="hidden w-full table-fixed border-collapse text-left text-sm sm:table">
        <thead>
          <tr className="border-b border-slate-300 text-slate-700">
            <th scope="col" className="w-14 py-2 pr-2 font-semibold">
              <FormattedMessage id="web_roster_col_line" />
            </th>
            <th scope="col" className="py-2 pr-2 font-semibold">
              <FormattedMessage id="web_roster_col_first" />
            </th>
            <th scope="col" className="py-2 pr-2 font-semibold">
              <FormattedMessage id="web_roster_col_last" />
            </th>
            <th scope="col" className="w-24 py-2 pr-2 font-semibold">
              <FormattedMessage id="web_roster_col_code" />
            </th>
            <th scope="col" className="w-40 py-2 font-semibold">
              <FormattedMessage id="web_roster_col_status" />
            </th>
          </tr>
        </thead>
        <tbody>
          {preview.rows.map((r) => (
            <tr key={r.line} className="border-b border-slate-200 align-top" data-status={r.status}>
              <td className="py-2 pr-2 text-slate-600">{r.line}</td>
              <td className="py-2 pr-2 wrap-anywhere">
                <FirstName row={r} />
              </td>
              <td className="py-2 pr-2 wrap-anywhere">{r.lastName}</td>
              <td className="py-2 pr-2 wrap-anywhere">{r.code}</td>
              <td className="space-y-1 py-2">
                <StatusBadge status={r.status} />
                {reason(r) && <p className="text-xs text-slate-700">{reason(r)}</p>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="space-y-2 sm:hidden">
        {preview.rows.map((r) => (
          <li key={r.line} className="rounded-md border border-slate-200 bg-white p-3" data-status={r.status}>
            <div className="flex items-start justify-between gap-2">
              <p className="min-w-0 font-medium wrap-anywhere">
                <FirstName row={r} /> {r.lastName}
              </p>
              <StatusBadge status={r.status} />
            </div>
            <p className="text-xs text-slate-600">
              <FormattedMessage id="web_roster_line" values={{ line: r.line }} />
              {r.code && <span className="wrap-anywhere"> · {r.code}</span>}
            </p>
            {reason(r) && <p className="mt-1 text-sm text-slate-700">{reason(r)}</p>}
          </li>
        ))}
      </ul>
    </div>
  );
}

import { refToId } from '@skillroom/contract/rules';
import type { AccessLog, TeachingClassStudent } from '@skillroom/contract/types';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CardSection } from '../../../components/ui/page';
import { Loading } from '../../../components/ui/spinner';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { fullName } from '../../../lib/teaching-classes';
import { ACCESS_LOG_PAGE_SIZE, useAccessLogs } from '../api/access-api';

/** The words for one row: a read of the student's page, their ratings, one rating, an attachment, a report or an export. */
function labelId(r: AccessLog): string {
  if (r.action !== 'record') return `web_access_action_${r.action}`;
  if (r.detail === 'student') return 'web_access_action_record_student';
  if (r.detail === 'ratings') return 'web_access_action_record_ratings';
  return r.detail?.startsWith('rating/') ? 'web_access_action_record_rating' : 'web_access_action_record';
}

/** A report's range (`YYYY-MM-DD/YYYY-MM-DD`) in the app's date format; other details say nothing more to a reader. */
function detailText(r: AccessLog): string | null {
  const range =
    r.action.startsWith('report') || r.action === 'export' ? /^(\d{4}-\d{2}-\d{2})\/(\d{4}-\d{2}-\d{2})$/.exec(r.detail ?? '') : null;
  return range ? `${formatDate(range[1])} – ${formatDate(range[2])}` : null;
}

/** "Who has seen this record" (DESIGN §6): reads by family members and evaluators, reports and exports; class creator only. */
export function AccessLogList({ place }: { place: TeachingClassStudent }) {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useAccessLogs(refToId(place.teachingClass)!, refToId(place.student)!, page, true);
  const rows = data?.['hydra:member'] ?? [];
  const total = data?.['hydra:totalItems'] ?? 0;
  const pages = Math.max(1, Math.ceil(total / ACCESS_LOG_PAGE_SIZE));

  const who = (r: AccessLog) => (r.user ? fullName(r.user) : intl.formatMessage({ id: 'web_access_former_member' }));
  return (
    <CardSection title={<FormattedMessage id="web_access_log_title" />}>
      <p className="text-sm text-slate-700">
        <FormattedMessage id="web_access_log_hint" values={{ student: fullName(place) }} />
      </p>
      {error && !data && <Alert>{intl.formatMessage({ id: 'web_common_fetch_failed' })}</Alert>}
      {isLoading && !data && <Loading />}
      {data && total === 0 && (
        <p className="text-sm text-slate-700">
          <FormattedMessage id="web_access_log_empty" />
        </p>
      )}
      {rows.length > 0 && (
        <ul className="divide-y divide-slate-100" aria-label={intl.formatMessage({ id: 'web_access_log_title' })}>
          {rows.map((r) => (
            <li key={r.id} className="py-3 text-sm">
              <p className="font-medium break-words text-slate-900">
                <FormattedMessage id={labelId(r)} values={{ name: who(r) }} />
              </p>
              <p className="break-words text-slate-600">
                <time dateTime={r.created}>{formatDateTime(r.created)}</time>
                {r.teachingClass && <> · {r.teachingClass.name}</>}
                {detailText(r) && <> · {detailText(r)}</>}
                {r.address && (
                  <>
                    {' '}
                    · <FormattedMessage id="web_access_log_address" values={{ address: r.address }} />
                  </>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className="flex flex-wrap items-center gap-3" aria-label={intl.formatMessage({ id: 'web_access_log_pages' })}>
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            <FormattedMessage id="web_access_log_previous" />
          </Button>
          <span className="text-sm text-slate-700" aria-live="polite">
            <FormattedMessage id="web_access_log_page" values={{ page, pages }} />
          </span>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            <FormattedMessage id="web_access_log_next" />
          </Button>
        </nav>
      )}
    </CardSection>
  );
}

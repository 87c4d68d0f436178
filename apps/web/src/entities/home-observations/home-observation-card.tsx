import type { HomeObservation } from '@skillroom/contract/types';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatDate } from '../../lib/dates';
import { fullName } from '../../lib/teaching-classes';
import { useNameOf } from '../learning-skills/skill-label';
import { MediaGrid } from '../ratings/media-preview';

const STATUS_CLASS = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-emerald-100 text-emerald-900',
  rejected: 'bg-slate-200 text-slate-900',
} as const;

const STATUS_TEXT = {
  pending: 'web_home_observations_waiting',
  approved: 'web_home_observations_approved',
  rejected: 'web_home_observations_rejected',
} as const;

interface Props {
  observation: HomeObservation;
  /** The teachers' list names the child; the family's own list does not (it is their child's page). */
  showStudent?: boolean;
  /** The family sees where each one stands; the teachers' list holds waiting ones only. */
  showStatus?: boolean;
  actions?: ReactNode;
}

/** A home observation (DESIGN §11): the child, skill and action, date, who shared it, the note and its files. */
export function HomeObservationCard({ observation: o, showStudent = false, showStatus = false, actions }: Props) {
  const intl = useIntl();
  const nameOf = useNameOf();
  const skill = nameOf(o.learningSkill);
  const action = nameOf(o.learningAction);
  const student = fullName(o.studentName);
  const author = o.creator ? fullName(o.creator) : intl.formatMessage({ id: 'web_rating_former_member' });
  return (
    <article
      aria-label={showStudent ? `${student}: ${skill}: ${action}` : `${skill}: ${action}`}
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm"
      data-home-observation={o.id}
    >
      {showStudent && <h3 className="text-base font-semibold break-words text-slate-900">{student}</h3>}
      <div className="min-w-0">
        <p className="text-sm font-semibold break-words text-slate-900">{skill}</p>
        <p className="text-base break-words text-slate-800">{action}</p>
      </div>
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <span>
          <FormattedMessage id="web_home_observations_by" values={{ name: author }} />
        </span>
        <span aria-hidden="true">·</span>
        <time dateTime={o.date}>{formatDate(o.date)}</time>
        {showStatus && (
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_CLASS[o.status]}`}>
            <FormattedMessage id={STATUS_TEXT[o.status]} />
          </span>
        )}
      </p>
      {showStatus && o.status === 'rejected' && o.reason && (
        <p className="rounded-md bg-slate-100 p-2 text-sm break-words whitespace-pre-line text-slate-900">
          <FormattedMessage id="web_home_observations_not_accepted" values={{ reason: o.reason }} />
        </p>
      )}
      {o.description && <p className="text-sm break-words whitespace-pre-line text-slate-800">{o.description}</p>}
      <MediaGrid medias={o.medias} />
      {actions && <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-3">{actions}</div>}
    </article>
  );
}

import type { StudentProfileUserInvitation } from '@skillroom/contract/types';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { formatDate } from '../../../lib/dates';
import { fullName } from '../../../lib/teaching-classes';

interface Props {
  request: StudentProfileUserInvitation;
  /** The student's name in this class, and their family-access screen. */
  student: { name: string; manage: string };
  /** How many pending requests ask for the same student (several strangers for one child stand out). */
  sameStudent: number;
  busy: boolean;
  disabled: boolean;
  onAnswer: (accept: boolean) => void;
}

/** One family request on the class page: who asks (name, e-mail, account type), for which student, since when. */
export function FamilyRequestCard({ request: r, student, sameStudent, busy, disabled, onAnswer }: Props) {
  const intl = useIntl();
  const name = fullName(r.user);
  const names = { name, student: student.name };
  return (
    <article className="flex h-full flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start gap-3">
        <Avatar media={r.user.avatar} name={name} size={40} />
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold break-words text-slate-900">{name}</h3>
          <p className="text-sm text-slate-700">
            <FormattedMessage id={`web_account_type_${r.user.accountType}`} />
          </p>
        </div>
      </div>
      <dl className="space-y-1 text-sm">
        <div>
          <dt className="inline font-medium text-slate-700">
            <FormattedMessage id="web_families_email" />
          </dt>{' '}
          <dd className="inline break-all text-slate-900">{r.user.email ?? '—'}</dd>
        </div>
        <div>
          <dt className="inline font-medium text-slate-700">
            <FormattedMessage id="web_families_asks_for" />
          </dt>{' '}
          <dd className="inline break-words">
            <Link to={student.manage} className="font-medium text-teal-800 underline hover:text-teal-900">
              {student.name}
            </Link>
          </dd>
        </div>
        <div>
          <dt className="inline font-medium text-slate-700">
            <FormattedMessage id="web_families_asked_on" />
          </dt>{' '}
          <dd className="inline">{formatDate(r.created)}</dd>
        </div>
      </dl>
      {sameStudent > 1 && (
        <p className="rounded-md bg-amber-50 px-2 py-1 text-sm text-amber-900">
          <FormattedMessage id="web_families_same_student" values={{ count: sameStudent }} />
        </p>
      )}
      <div className="mt-auto flex flex-wrap gap-2">
        <Button
          busy={busy}
          disabled={disabled}
          onClick={() => onAnswer(true)}
          aria-label={intl.formatMessage({ id: 'web_families_accept_named' }, names)}
        >
          <FormattedMessage id="web_invitation_accept" />
        </Button>
        <Button
          variant="secondary"
          disabled={disabled}
          onClick={() => onAnswer(false)}
          aria-label={intl.formatMessage({ id: 'web_families_reject_named' }, names)}
        >
          <FormattedMessage id="web_invitation_reject" />
        </Button>
      </div>
    </article>
  );
}

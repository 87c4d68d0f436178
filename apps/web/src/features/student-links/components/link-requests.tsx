import { refToId, type StudentProfileUserInvitation, type TeachingClassStudent } from '@skillroom/contract';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert } from '../../../components/ui/alert';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { CardSection } from '../../../components/ui/page';
import { invitationErrorText } from '../../../entities/invitations/invitation-error';
import { acceptLinkRequest, rejectLinkRequest, revalidateStudentLinks, usePendingLinkRequests } from '../../../entities/invitations/student-links-api';
import { track } from '../../../lib/analytics';
import { formatDate } from '../../../lib/dates';
import { fullName } from '../../../lib/teaching-classes';

/** Requests to link to this student, for the class's teachers to accept or reject (DESIGN §2). */
export function LinkRequests({ place }: { place: TeachingClassStudent }) {
  const intl = useIntl();
  const { data, error } = usePendingLinkRequests({ 'teachingClass.id': refToId(place.teachingClass), 'student.id': refToId(place.student) });
  const [busy, setBusy] = useState<number | null>(null);
  const requests = data?.['hydra:member'] ?? [];

  const answer = async (r: StudentProfileUserInvitation, accept: boolean) => {
    setBusy(r.id);
    const name = fullName(r.user);
    try {
      await (accept ? acceptLinkRequest(r.id) : rejectLinkRequest(r.id));
      void track({ name: accept ? 'student_profile_invitation_accepted' : 'student_profile_invitation_rejected', screen: 'Student management' });
      toast.success(intl.formatMessage({ id: accept ? 'web_student_links_accepted' : 'web_teachers_rejected' }, { name }));
    } catch (e) {
      toast.error(accept ? invitationErrorText(intl, e) : invitationErrorText(intl, e, 'web_invitation_error_reject'));
    } finally {
      setBusy(null);
      void revalidateStudentLinks();
    }
  };

  return (
    <CardSection title={<FormattedMessage id="web_teachers_requests" values={{ count: requests.length }} />}>
      {error && !data && <Alert>{intl.formatMessage({ id: 'web_common_fetch_failed' })}</Alert>}
      {data && requests.length === 0 && (
        <p className="text-sm text-slate-700">
          <FormattedMessage id="web_student_links_no_requests" />
        </p>
      )}
      {requests.length > 0 && (
        <ul className="divide-y divide-slate-100">
          {requests.map((r) => {
            const name = fullName(r.user);
            return (
              <li key={r.id} className="flex flex-wrap items-center gap-3 py-3">
                <Avatar media={r.user.avatar} name={name} size={40} />
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words">{name}</p>
                  <p className="text-sm text-slate-600">
                    <FormattedMessage id={`web_account_type_${r.user.accountType}`} /> ·{' '}
                    <FormattedMessage id="web_teachers_asked_on" values={{ date: formatDate(r.created) }} />
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button busy={busy === r.id} disabled={busy !== null} onClick={() => void answer(r, true)} aria-label={intl.formatMessage({ id: 'web_teachers_accept_named' }, { name })}>
                    <FormattedMessage id="web_invitation_accept" />
                  </Button>
                  <Button variant="secondary" disabled={busy !== null} onClick={() => void answer(r, false)} aria-label={intl.formatMessage({ id: 'web_teachers_reject_named' }, { name })}>
                    <FormattedMessage id="web_invitation_reject" />
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </CardSection>
  );
}

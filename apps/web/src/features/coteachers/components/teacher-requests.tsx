import { type TeachingClass, type TeachingClassTeacherInvitation } from '@skillroom/contract';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert } from '../../../components/ui/alert';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { CardSection } from '../../../components/ui/page';
import { invitationErrorText } from '../../../entities/invitations/invitation-error';
import {
  acceptTeacherRequest,
  rejectTeacherRequest,
  revalidateTeacherInvitations,
  useClassPendingTeacherRequests,
} from '../../../entities/invitations/teacher-invitations-api';
import { track } from '../../../lib/analytics';
import { formatDate } from '../../../lib/dates';
import { fullName, revalidateClassData } from '../../../lib/teaching-classes';
import { revalidateClassTeachers } from '../api/class-teachers-api';

/** Requests to join the class, for its creator to accept or reject (DESIGN §2). */
export function TeacherRequests({ cls }: { cls: TeachingClass }) {
  const intl = useIntl();
  const { data, error } = useClassPendingTeacherRequests(cls.id);
  const [busy, setBusy] = useState<number | null>(null);
  const requests = data?.['hydra:member'] ?? [];

  const answer = async (r: TeachingClassTeacherInvitation, accept: boolean) => {
    setBusy(r.id);
    const name = fullName(r.teacher);
    try {
      await (accept ? acceptTeacherRequest(r.id) : rejectTeacherRequest(r.id));
      void track({ name: accept ? 'teacher_invitation_accepted' : 'teacher_invitation_rejected', screen: 'Coteacher management' });
      toast.success(intl.formatMessage({ id: accept ? 'web_teachers_accepted' : 'web_teachers_rejected' }, { name }));
      await Promise.all([revalidateTeacherInvitations(), revalidateClassTeachers(), revalidateClassData()]);
    } catch (e) {
      toast.error(accept ? invitationErrorText(intl, e) : invitationErrorText(intl, e, 'web_invitation_error_reject'));
      void revalidateTeacherInvitations();
    } finally {
      setBusy(null);
    }
  };

  return (
    <CardSection title={<FormattedMessage id="web_teachers_requests" values={{ count: requests.length }} />}>
      {error && !data && <Alert>{intl.formatMessage({ id: 'web_common_fetch_failed' })}</Alert>}
      {data && requests.length === 0 && (
        <p className="text-sm text-slate-700">
          <FormattedMessage id="web_teachers_no_requests" />
        </p>
      )}
      {requests.length > 0 && (
        <ul className="divide-y divide-slate-100">
          {requests.map((r) => {
            const name = fullName(r.teacher);
            return (
              <li key={r.id} className="flex flex-wrap items-center gap-3 py-3">
                <Avatar media={r.teacher.avatar} name={name} size={40} />
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words">{name}</p>
                  <p className="text-sm text-slate-600">
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

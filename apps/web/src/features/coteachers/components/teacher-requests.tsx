import type { TeachingClass, TeachingClassTeacherInvitation } from '@skillroom/contract/types';
import toast from 'react-hot-toast';
import { useIntl } from 'react-intl';
import { invitationErrorText } from '../../../entities/invitations/invitation-error';
import { RequestList } from '../../../entities/invitations/request-list';
import {
  acceptTeacherRequest,
  rejectTeacherRequest,
  revalidateTeacherInvitations,
  useClassPendingTeacherRequests,
} from '../../../entities/invitations/teacher-invitations-api';
import { track } from '../../../lib/analytics';
import { fullName, revalidateClassData } from '../../../lib/teaching-classes';
import { revalidateClassTeachers } from '../api/class-teachers-api';

/** Requests to join the class, for its creator to accept or reject (DESIGN §2). */
export function TeacherRequests({ cls }: { cls: TeachingClass }) {
  const intl = useIntl();
  const { data, error } = useClassPendingTeacherRequests(cls.id);

  const answer = async (r: TeachingClassTeacherInvitation, accept: boolean, name: string) => {
    try {
      await (accept ? acceptTeacherRequest(r.id) : rejectTeacherRequest(r.id));
      void track({ name: accept ? 'teacher_invitation_accepted' : 'teacher_invitation_rejected', screen: 'Coteacher management' });
      toast.success(intl.formatMessage({ id: accept ? 'web_teachers_accepted' : 'web_teachers_rejected' }, { name }));
      await Promise.all([revalidateTeacherInvitations(), revalidateClassTeachers(), revalidateClassData()]);
    } catch (e) {
      toast.error(accept ? invitationErrorText(intl, e) : invitationErrorText(intl, e, 'web_invitation_error_reject'));
      void revalidateTeacherInvitations();
    }
  };

  return (
    <RequestList
      data={data}
      error={error}
      emptyId="web_teachers_no_requests"
      asker={(r) => ({ name: fullName(r.teacher), avatar: r.teacher.avatar })}
      answer={answer}
    />
  );
}

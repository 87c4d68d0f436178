import { refToId } from '@skillroom/contract/rules';
import type { StudentProfileUserInvitation, TeachingClassStudent } from '@skillroom/contract/types';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { invitationErrorText } from '../../../entities/invitations/invitation-error';
import { RequestList } from '../../../entities/invitations/request-list';
import {
  acceptLinkRequest,
  rejectLinkRequest,
  revalidateStudentLinks,
  usePendingLinkRequests,
} from '../../../entities/invitations/student-links-api';
import { track } from '../../../lib/analytics';
import { fullName } from '../../../lib/teaching-classes';

/** Requests to link to this student, for the class's teachers to accept or reject (DESIGN §2). */
export function LinkRequests({ place }: { place: TeachingClassStudent }) {
  const intl = useIntl();
  const { data, error } = usePendingLinkRequests({
    'teachingClass.id': refToId(place.teachingClass),
    'student.id': refToId(place.student),
  });

  const answer = async (r: StudentProfileUserInvitation, accept: boolean, name: string) => {
    try {
      await (accept ? acceptLinkRequest(r.id) : rejectLinkRequest(r.id));
      void track({
        name: accept ? 'student_profile_invitation_accepted' : 'student_profile_invitation_rejected',
        screen: 'Student management',
      });
      toast.success(intl.formatMessage({ id: accept ? 'web_student_links_accepted' : 'web_teachers_rejected' }, { name }));
    } catch (e) {
      toast.error(accept ? invitationErrorText(intl, e) : invitationErrorText(intl, e, 'web_invitation_error_reject'));
    } finally {
      void revalidateStudentLinks();
    }
  };

  return (
    <RequestList
      data={data}
      error={error}
      emptyId="web_student_links_no_requests"
      asker={(r) => ({
        name: fullName(r.user),
        avatar: r.user.avatar,
        // The e-mail tells a known parent from a stranger holding the code (DESIGN §8; sent to the class's teachers only).
        detail: (
          <>
            {r.user.email && <span className="break-all">{r.user.email} · </span>}
            <FormattedMessage id={`web_account_type_${r.user.accountType}`} /> · {r.teachingClass.name} ·{' '}
          </>
        ),
      })}
      answer={answer}
    />
  );
}

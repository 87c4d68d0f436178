import type { TeachingClassStudent } from '@skillroom/contract/types';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { revalidateStudentLinks, unlinkUser, useStudentLinks } from '../../../entities/invitations/student-links-api';
import { track } from '../../../lib/analytics';
import { useCurrentUser } from '../../../lib/current-user';
import { fullName } from '../../../lib/teaching-classes';

/** A linked user removes their own link to this student in this class (DESIGN §2 "only their own link"), asked first. */
export function RemoveMyLink({ place, className }: { place: TeachingClassStudent; className: string }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const { data } = useStudentLinks({ 'teachingClassStudent.id': place.id, 'user.id': user?.id ?? null });
  const link = data?.['hydra:member'][0] ?? null;
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const student = fullName(place);
  if (!link) return null;

  const remove = async () => {
    setBusy(true);
    try {
      await unlinkUser(link.id);
      void track({ name: 'student_profile_user_left', screen: 'Manage Students' });
      toast.success(intl.formatMessage({ id: 'web_access_left' }, { student, class: className }));
      setOpen(false);
      await revalidateStudentLinks();
      void navigate('/', { replace: true });
    } catch {
      toast.error(intl.formatMessage({ id: 'web_access_leave_failed' }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="danger-ghost" onClick={() => setOpen(true)}>
        <FormattedMessage id="web_access_leave" />
      </Button>
      <ConfirmDialog
        open={open}
        title={<FormattedMessage id="web_access_leave_title" values={{ student }} />}
        confirmLabel={<FormattedMessage id="web_access_leave" />}
        busy={busy}
        onConfirm={() => void remove()}
        onClose={() => setOpen(false)}
      >
        <FormattedMessage id="web_access_leave_body" values={{ student, class: className }} />
      </ConfirmDialog>
    </>
  );
}

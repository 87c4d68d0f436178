import type { TeachingClassStudent } from '@skillroom/contract/types';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { revalidateStudentLinks, unlinkUser, useStudentLinks } from '../../../entities/invitations/student-links-api';
import { track } from '../../../lib/analytics';
import { useCurrentUser } from '../../../lib/current-user';
import { fullName } from '../../../lib/teaching-classes';

/**
 * The family's own link to this student in this class, at the end of the child's page and folded (issue 36 §13): the
 * child's ratings come first, and removing the link (DESIGN §2 "only their own link") is a quiet button that asks first.
 */
export function LinkSettings({ place, className }: { place: TeachingClassStudent; className: string }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const { data } = useStudentLinks({ 'teachingClassStudent.id': place.id, 'user.id': user?.id ?? null });
  const link = data?.['hydra:member'][0] ?? null;
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const left = useRef(false);
  // The links are read again once this page has gone (its hooks stopped listening as it went): read while it was still
  // here, its student, class and feed, no longer the user's to read, would be asked for again and answer 404 (which every
  // browser logs as an error). The dashboard the user lands on reads the fresh list.
  useEffect(
    () => () => {
      if (left.current) void revalidateStudentLinks();
    },
    [],
  );
  const student = fullName(place);
  if (!link) return null;

  const remove = async () => {
    setBusy(true);
    try {
      await unlinkUser(link.id);
      void track({ name: 'student_profile_user_left', screen: 'Manage Students' });
      toast.success(intl.formatMessage({ id: 'web_access_left' }, { student, class: className }));
      setOpen(false);
      left.current = true;
      void navigate('/', { replace: true });
    } catch {
      toast.error(intl.formatMessage({ id: 'web_access_leave_failed' }));
      setBusy(false);
    }
  };

  return (
    <details className="rounded-lg border border-slate-200 bg-white shadow-sm">
      {/* The browser's own marker says open or closed; the heading names the part for those who list headings. */}
      <summary className="cursor-pointer rounded-lg px-4 py-3 sm:px-6">
        <h2 className="inline text-base font-semibold text-slate-900">
          <FormattedMessage id="web_access_settings_title" />
        </h2>
      </summary>
      <div className="space-y-3 border-t border-slate-200 px-4 py-4 sm:px-6">
        <p className="text-sm text-slate-700">
          <FormattedMessage id="web_access_settings_body" values={{ student, class: className }} />
        </p>
        <Button variant="secondary" onClick={() => setOpen(true)}>
          <FormattedMessage id="web_access_leave" />
        </Button>
      </div>
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
    </details>
  );
}

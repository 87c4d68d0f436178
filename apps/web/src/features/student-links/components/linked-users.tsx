import type { StudentProfileUser, TeachingClassStudent } from '@skillroom/contract/types';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert } from '../../../components/ui/alert';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { CardSection } from '../../../components/ui/page';
import { revalidateStudentLinks, unlinkUser, useStudentLinks } from '../../../entities/invitations/student-links-api';
import { track } from '../../../lib/analytics';
import { formatDate } from '../../../lib/dates';
import { fullName } from '../../../lib/teaching-classes';

/** The people linked to this student in this class (a link is to one class, DESIGN §2), each with Unlink (asked first). */
export function LinkedUsers({ place }: { place: TeachingClassStudent }) {
  const intl = useIntl();
  const { data, error } = useStudentLinks({ 'teachingClassStudent.id': place.id });
  const [removing, setRemoving] = useState<StudentProfileUser | null>(null);
  const [busy, setBusy] = useState(false);
  const links = data?.['hydra:member'] ?? [];
  const student = fullName(place);

  const unlink = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await unlinkUser(removing.id);
      void track({ name: 'student_profile_user_unlinked', screen: 'Student management' });
      toast.success(intl.formatMessage({ id: 'web_student_links_unlinked' }, { name: fullName(removing.user), student }));
      setRemoving(null);
      await revalidateStudentLinks();
    } catch {
      toast.error(intl.formatMessage({ id: 'web_classes_error_delete' }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <CardSection title={<FormattedMessage id="web_student_links_linked" values={{ count: links.length }} />}>
      {error && !data && <Alert>{intl.formatMessage({ id: 'web_common_fetch_failed' })}</Alert>}
      {data && links.length === 0 && (
        <p className="text-sm text-slate-700">
          <FormattedMessage id="web_student_links_none" values={{ name: student }} />
        </p>
      )}
      {links.length > 0 && (
        <ul className="divide-y divide-slate-100">
          {links.map((l) => {
            const name = fullName(l.user);
            return (
              <li key={l.id} className="flex flex-wrap items-center gap-3 py-3">
                <Avatar media={l.user.avatar} name={name} size={40} />
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words">{name}</p>
                  <p className="text-sm text-slate-600">
                    <FormattedMessage id={`web_account_type_${l.user.accountType}`} /> · {l.teachingClass.name} ·{' '}
                    <FormattedMessage id="web_student_links_since" values={{ date: formatDate(l.created) }} />
                  </p>
                </div>
                <Button
                  variant="danger-ghost"
                  onClick={() => setRemoving(l)}
                  aria-label={intl.formatMessage({ id: 'web_student_links_unlink_named' }, { name })}
                >
                  <FormattedMessage id="web_student_links_unlink" />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={<FormattedMessage id="web_student_links_unlink_title" values={{ name: removing ? fullName(removing.user) : '' }} />}
        confirmLabel={<FormattedMessage id="web_student_links_unlink" />}
        busy={busy}
        onConfirm={() => void unlink()}
        onClose={() => setRemoving(null)}
      >
        <FormattedMessage id="web_student_links_unlink_body" values={{ name: removing ? fullName(removing.user) : '', student }} />
      </ConfirmDialog>
    </CardSection>
  );
}

import type { TeachingClassStudent } from '@skillroom/contract';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { mutate } from 'swr';
import { CopyCode } from '../../../components/copy-code';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { CardSection } from '../../../components/ui/page';
import { placeKey } from '../../../entities/teaching-class-students/place-api';
import { track } from '../../../lib/analytics';
import { regenerateStudentCode } from '../api/student-code-api';

/** The student's family code: copy it, print a letter with it, or replace it when it has gone too far. */
export function StudentCodeCard({ place }: { place: TeachingClassStudent }) {
  const intl = useIntl();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!place.invitationCode) return null;

  const regenerate = async () => {
    setBusy(true);
    try {
      const updated = await regenerateStudentCode(place.id);
      await mutate(placeKey(place.id), updated, { revalidate: false });
      void track({ name: 'student_code_regenerated', screen: 'Student management' });
      toast.success(intl.formatMessage({ id: 'web_class_code_regenerated' }, { code: updated.invitationCode ?? '' }));
      setAsking(false);
    } catch {
      toast.error(intl.formatMessage({ id: 'web_classes_error_manage' }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <CardSection title={<FormattedMessage id="web_student_code_label" />}>
      <CopyCode
        label={intl.formatMessage({ id: 'web_student_code_label' })}
        code={place.invitationCode}
        hint={<FormattedMessage id="web_student_code_hint" />}
        actions={
          <Button variant="ghost" onClick={() => setAsking(true)}>
            <FormattedMessage id="web_class_code_regenerate" />
          </Button>
        }
      />
      <div className="border-t border-slate-200 pt-3">
        <p className="text-sm text-slate-700">
          <FormattedMessage id="web_student_links_letter_hint" />
        </p>
        <Button variant="secondary" className="mt-2" onClick={() => window.print()}>
          <FormattedMessage id="web_student_links_print" />
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        title={<FormattedMessage id="web_class_code_confirm_title" />}
        confirmLabel={<FormattedMessage id="web_class_code_regenerate" />}
        tone="primary"
        busy={busy}
        onConfirm={() => void regenerate()}
        onClose={() => setAsking(false)}
      >
        <FormattedMessage id="web_student_links_code_confirm_body" values={{ code: place.invitationCode }} />
      </ConfirmDialog>
    </CardSection>
  );
}

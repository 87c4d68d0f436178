import type { TeachingClass } from '@skillroom/contract';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { mutate } from 'swr';
import { CopyCode } from '../../../components/copy-code';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { CardSection } from '../../../components/ui/page';
import { classKey } from '../../../lib/teaching-classes';
import { regenerateInvitationCode } from '../api/class-form-api';

/** The class code with copy, and a new code when the old one has gone too far (creator only). */
export function ClassCodeCard({ cls }: { cls: TeachingClass }) {
  const intl = useIntl();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!cls.invitationCode) return null;

  const regenerate = async () => {
    setBusy(true);
    try {
      const updated = await regenerateInvitationCode(cls.id);
      await mutate(classKey(cls.id), updated, { revalidate: false });
      toast.success(intl.formatMessage({ id: 'web_class_code_regenerated' }, { code: updated.invitationCode ?? '' }));
      setAsking(false);
    } catch {
      toast.error(intl.formatMessage({ id: 'web_classes_error_manage' }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <CardSection title={<FormattedMessage id="web_class_code_title" />}>
      <CopyCode
        label={intl.formatMessage({ id: 'web_class_code_label' })}
        code={cls.invitationCode}
        hint={<FormattedMessage id="web_class_code_hint" />}
        actions={
          <Button variant="ghost" onClick={() => setAsking(true)}>
            <FormattedMessage id="web_class_code_regenerate" />
          </Button>
        }
      />
      <ConfirmDialog
        open={asking}
        title={<FormattedMessage id="web_class_code_confirm_title" />}
        confirmLabel={<FormattedMessage id="web_class_code_regenerate" />}
        tone="primary"
        busy={busy}
        onConfirm={() => void regenerate()}
        onClose={() => setAsking(false)}
      >
        <FormattedMessage id="web_class_code_confirm_body" values={{ code: cls.invitationCode }} />
      </ConfirmDialog>
    </CardSection>
  );
}

import type { TeachingClass } from '@skillroom/contract';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { mutate } from 'swr';
import { CopyCode } from './copy-code';
import { Button } from './ui/button';
import { ConfirmDialog } from './ui/confirm-dialog';
import { CardSection } from './ui/page';
import { classKey, isCreator, regenerateInvitationCode } from '../lib/teaching-classes';

/** The class code with copy, and for the creator a new code when the old one has gone too far (edit and teachers screens). */
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
          isCreator(cls) && (
            <Button variant="ghost" onClick={() => setAsking(true)}>
              <FormattedMessage id="web_class_code_regenerate" />
            </Button>
          )
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

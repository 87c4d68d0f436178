import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { CopyCode } from './copy-code';
import { Button } from './ui/button';
import { ConfirmDialog } from './ui/confirm-dialog';
import { CardSection } from './ui/page';

interface CodeCardProps {
  title: ReactNode;
  label: string;
  hint: ReactNode;
  code: string;
  /** Makes a new code and answers it; absent when the user may not replace the code. */
  regenerate?: () => Promise<string | undefined>;
  /** What the confirmation says will happen to the old code. */
  confirmBody: ReactNode;
  children?: ReactNode;
}

/** An invitation code with copy and, for those who may, a new code after a confirmation (class and student codes). */
export function CodeCard({ title, label, hint, code, regenerate, confirmBody, children }: CodeCardProps) {
  const intl = useIntl();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  const replace = async () => {
    if (!regenerate) return;
    setBusy(true);
    try {
      const fresh = await regenerate();
      toast.success(intl.formatMessage({ id: 'web_class_code_regenerated' }, { code: fresh ?? '' }));
      setAsking(false);
    } catch {
      toast.error(intl.formatMessage({ id: 'web_classes_error_manage' }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <CardSection title={title}>
      <CopyCode
        label={label}
        code={code}
        hint={hint}
        actions={
          regenerate && (
            <Button variant="ghost" onClick={() => setAsking(true)}>
              <FormattedMessage id="web_class_code_regenerate" />
            </Button>
          )
        }
      />
      {children}
      <ConfirmDialog
        open={asking}
        title={<FormattedMessage id="web_class_code_confirm_title" />}
        confirmLabel={<FormattedMessage id="web_class_code_regenerate" />}
        tone="primary"
        busy={busy}
        onConfirm={() => void replace()}
        onClose={() => setAsking(false)}
      >
        {confirmBody}
      </ConfirmDialog>
    </CardSection>
  );
}

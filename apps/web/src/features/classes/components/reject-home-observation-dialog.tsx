import { HOME_OBSERVATION_REASON_MAX } from '@skillroom/contract/rules';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/field';
import { useModalDialog } from '../../../lib/use-modal-dialog';

interface Props {
  /** Whose home observation is rejected (the child's name), or null while the dialog is closed. */
  student: string | null;
  busy: boolean;
  /** The server's refusal of the reason, if any. */
  error: string | null;
  onReject: (reason: string) => void;
  onClose: () => void;
  fallbackFocus: () => HTMLElement | null;
}

/**
 * DESIGN §11: a teacher says why a home observation is not accepted; the family reads the reason. A native modal
 * <dialog> (focus kept inside, Escape cancels unless the answer is under way) with one labelled, required text area.
 */
export function RejectHomeObservationDialog({ student, busy, error, onReject, onClose, fallbackFocus }: Props) {
  const intl = useIntl();
  const { ref, returnTo } = useModalDialog(student !== null);
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const missing = tried && !reason.trim() ? intl.formatMessage({ id: 'web_home_observations_reason_required' }) : null;

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-lg bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onClose();
      }}
      onClose={() => {
        // The next rejection starts empty.
        setReason('');
        setTried(false);
        if (returnTo.current?.isConnected) returnTo.current.focus();
        else fallbackFocus()?.focus();
      }}
    >
      <form
        className="space-y-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          if (reason.trim()) onReject(reason.trim());
        }}
      >
        <h2 id={titleId} className="text-lg font-bold break-words">
          <FormattedMessage id="web_home_observations_reject_title" values={{ name: student ?? '' }} />
        </h2>
        <TextAreaField
          label={<FormattedMessage id="web_home_observations_reason" />}
          hint={<FormattedMessage id="web_home_observations_reason_hint" />}
          rows={3}
          required
          maxLength={HOME_OBSERVATION_REASON_MAX}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={missing ?? error}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            <FormattedMessage id="web_confirm_cancel" />
          </Button>
          <Button type="submit" variant="danger" busy={busy}>
            <FormattedMessage id="web_home_observations_reject" />
          </Button>
        </div>
      </form>
    </dialog>
  );
}

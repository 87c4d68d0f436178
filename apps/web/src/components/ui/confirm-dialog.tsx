import { useId, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useModalDialog } from '../../lib/use-modal-dialog';
import { Button } from './button';

interface Props {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  confirmLabel: ReactNode;
  tone?: 'danger' | 'primary';
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** Where focus goes when the element that opened the dialog is gone (the row the dialog removed). */
  fallbackFocus?: () => HTMLElement | null;
}

/**
 * A modal question with Cancel and a confirming button. The native <dialog> opened with showModal() keeps
 * focus inside and makes the rest of the page inert; Escape cancels (unless the action is under way), and
 * focus goes back to where it was when the dialog opened.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  tone = 'danger',
  busy = false,
  onConfirm,
  onClose,
  fallbackFocus,
}: Props) {
  const { ref, returnTo } = useModalDialog(open);
  const titleId = useId();
  const bodyId = useId();

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={children ? bodyId : undefined}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-lg bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
      onCancel={(e) => {
        // Escape: the dialog stays while the action runs, and otherwise closes through the owner's state.
        e.preventDefault();
        if (!busy) onClose();
      }}
      onClose={() => {
        if (returnTo.current?.isConnected) returnTo.current.focus();
        else fallbackFocus?.()?.focus();
      }}
    >
      <h2 id={titleId} className="text-lg font-bold">
        {title}
      </h2>
      {children && (
        <div id={bodyId} className="mt-2 text-sm text-slate-700">
          {children}
        </div>
      )}
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          <FormattedMessage id="web_confirm_cancel" />
        </Button>
        <Button variant={tone} busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}

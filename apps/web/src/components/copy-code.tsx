import type { ReactNode } from 'react';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from './ui/button';

interface Props {
  /** What the code is ("Class code"); it also names the copy button for screen readers. */
  label: string;
  code: string;
  hint?: ReactNode;
  /** More buttons beside Copy (the creator's "New code"). */
  actions?: ReactNode;
}

/** An invitation code to hand out, with a button that puts it on the clipboard. */
export function CopyCode({ label, code, hint, actions }: Props) {
  const intl = useIntl();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      toast.success(intl.formatMessage({ id: 'web_copy_code_copied' }, { code }));
    } catch {
      // No clipboard (an insecure origin, or permission refused): the code stays on screen to copy by hand.
      toast.error(intl.formatMessage({ id: 'web_copy_code_failed' }));
    }
  };

  return (
    <div className="space-y-1">
      <p className="text-sm font-medium text-slate-700">{label}</p>
      <div className="flex flex-wrap items-center gap-2">
        <code className="rounded-md border border-slate-300 bg-slate-50 px-3 py-1.5 font-mono text-lg font-semibold tracking-widest text-slate-900">
          {code}
        </code>
        <Button variant="secondary" onClick={() => void copy()} aria-label={intl.formatMessage({ id: 'web_copy_code_copy_named' }, { label })}>
          <FormattedMessage id="web_copy_code_copy" />
        </Button>
        {actions}
      </div>
      {hint && <p className="text-sm text-slate-600">{hint}</p>}
    </div>
  );
}

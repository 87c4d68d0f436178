import { lazy, Suspense, useCallback, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useIntl } from 'react-intl';
import { useOutbox } from '../../entities/ratings/use-outbox';
import { useDismiss } from './use-dismiss';

// The list and its actions load when opened: the header of every screen carries only the count.
const OutboxPanel = lazy(() => import('./outbox-panel'));

/**
 * The header's count of saves waiting on this device (DESIGN §7), shown only when there are some: it opens the list
 * of waiting and refused saves, with the reason of each refusal and what can be done about it.
 */
export default function OutboxButton({ userId }: { userId: number }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const onSent = useCallback((count: number) => toast.success(intl.formatMessage({ id: 'web_outbox_sent' }, { count })), [intl]);
  const outbox = useOutbox(userId, onSent);
  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);
  useDismiss(open, ref, close);
  const count = outbox.items.length;
  const label = [
    outbox.waiting > 0 ? intl.formatMessage({ id: 'web_outbox_count' }, { count: outbox.waiting }) : '',
    outbox.refused > 0 ? intl.formatMessage({ id: 'web_outbox_refused_count' }, { count: outbox.refused }) : '',
  ]
    .filter(Boolean)
    .join(' · ');
  if (count === 0 && !open) return null;

  return (
    <div ref={ref}>
      <button
        ref={button}
        type="button"
        data-testid="outbox-button"
        className={`inline-flex h-10 items-center gap-1.5 rounded-full px-3 text-sm font-semibold hover:bg-slate-100 ${
          outbox.refused ? 'text-red-800' : 'text-slate-800'
        }`}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={label}
        onClick={() => setOpen((o) => !o)}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-6 w-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M17.5 19H9a7 7 0 1 1 6.71-9h1.79a4.5 4.5 0 1 1 0 9Z" />
          {outbox.online ? <path d="M12 17v-6m-3 3 3-3 3 3" /> : <path d="m4 4 16 16" />}
        </svg>
        {/* A phone's header has room for the count only; the name says it all. */}
        <span aria-hidden="true" className="sm:hidden">
          {count}
        </span>
        <span aria-hidden="true" className="hidden sm:inline">
          {label}
        </span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <OutboxPanel id={panelId} outbox={outbox} />
        </Suspense>
      )}
    </div>
  );
}

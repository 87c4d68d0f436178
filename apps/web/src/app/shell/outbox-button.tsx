import { lazy, Suspense, useCallback } from 'react';
import toast from 'react-hot-toast';
import { useIntl } from 'react-intl';
import type { OutboxNote } from '../../entities/outbox/outbox-flush';
import { useOutbox } from '../../entities/outbox/use-outbox';
import { loadOutboxKinds } from './outbox-kinds';
import { LineIcon } from './line-icon';
import { usePopup } from './use-popup';

// The list and its actions load when opened: the header of every screen carries only the count.
const OutboxPanel = lazy(() => import('./outbox-panel'));

/**
 * The header's count of saves waiting on this device (DESIGN §7), shown only when there are some: it opens the list
 * of waiting and refused saves, with the reason of each refusal and what can be done about it.
 */
export default function OutboxButton({ userId }: { userId: number }) {
  const intl = useIntl();
  const { open, ref, panelId, toggle } = usePopup();
  // One toast for a sending, whatever went ("2 ratings sent. Self-assessment sent.").
  const onSent = useCallback(
    (notes: OutboxNote[]) => toast.success(notes.map((n) => intl.formatMessage({ id: n.id }, { count: n.count })).join(' ')),
    [intl],
  );
  const outbox = useOutbox(userId, loadOutboxKinds, onSent);
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
        {...toggle}
        data-testid="outbox-button"
        className={`inline-flex h-10 items-center gap-1.5 rounded-full px-3 text-sm font-semibold hover:bg-slate-100 ${
          outbox.refused ? 'text-red-800' : 'text-slate-800'
        }`}
        aria-label={label}
      >
        <LineIcon>
          <path d="M17.5 19H9a7 7 0 1 1 6.71-9h1.79a4.5 4.5 0 1 1 0 9Z" />
          {outbox.online ? <path d="M12 17v-6m-3 3 3-3 3 3" /> : <path d="m4 4 16 16" />}
        </LineIcon>
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

import { useCallback, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/ui/button';
import { useOutbox } from '../../entities/ratings/use-outbox';
import { OutboxEntry } from './outbox-entry';
import { useDismiss } from './use-dismiss';

/**
 * The header's count of saves waiting on this device (DESIGN §7), shown only when there are some: it opens the list
 * of waiting and refused saves, with the reason of each refusal and what can be done about it.
 */
export function OutboxButton() {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const headingId = useId();
  const onSent = useCallback((count: number) => toast.success(intl.formatMessage({ id: 'web_outbox_sent' }, { count })), [intl]);
  const outbox = useOutbox(onSent);
  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);
  useDismiss(open, ref, close);
  const count = outbox.items.length;
  if (count === 0 && !open) return null;

  return (
    <div ref={ref}>
      <button
        ref={button}
        type="button"
        data-testid="outbox-button"
        className={`inline-flex h-10 items-center gap-1.5 rounded-full px-3 text-sm font-semibold hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-700 ${
          outbox.refused ? 'text-red-800' : 'text-slate-800'
        }`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M17.5 19H9a7 7 0 1 1 6.71-9h1.79a4.5 4.5 0 1 1 0 9Z" />
          {outbox.online ? <path d="M12 17v-6m-3 3 3-3 3 3" /> : <path d="m4 4 16 16" />}
        </svg>
        <FormattedMessage id="web_outbox_count" values={{ count }} />
      </button>
      {open && (
        <section
          id={panelId}
          aria-labelledby={headingId}
          className="fixed inset-x-2 top-16 z-30 max-h-[calc(100vh-5rem)] overflow-y-auto rounded-md border border-slate-200 bg-white shadow-lg md:absolute md:inset-x-auto md:top-full md:right-4 md:mt-1 md:w-[28rem]"
        >
          <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
            <h2 id={headingId} className="text-base font-semibold">
              <FormattedMessage id="web_outbox_title" />
            </h2>
            {outbox.online && outbox.waiting > 0 && (
              <Button variant="secondary" busy={outbox.sending} onClick={() => void outbox.flush()}>
                <FormattedMessage id="web_outbox_send_now" />
              </Button>
            )}
          </div>
          {!outbox.online && (
            <p className="border-b border-slate-200 bg-amber-50 px-4 py-2 text-sm text-slate-800" role="status">
              <FormattedMessage id="web_outbox_offline" />
            </p>
          )}
          {count === 0 ? (
            <p className="px-4 py-6 text-center text-sm text-slate-700">
              <FormattedMessage id="web_outbox_empty" />
            </p>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label={intl.formatMessage({ id: 'web_outbox_title' })}>
              {outbox.items.map((item) => (
                <li key={item.id}>
                  <OutboxEntry item={item} online={outbox.online} />
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}

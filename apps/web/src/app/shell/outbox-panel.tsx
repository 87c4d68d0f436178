import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/ui/button';
import type { useOutbox } from '../../entities/outbox/use-outbox';
import { OutboxEntry } from './outbox-entry';

/** The header's list of waiting and refused saves (DESIGN §7), with Send now while online. */
export default function OutboxPanel({ id, outbox }: { id: string; outbox: ReturnType<typeof useOutbox> }) {
  const intl = useIntl();
  const headingId = useId();
  const count = outbox.items.length;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={
        'fixed inset-x-2 top-16 z-30 max-h-[calc(100vh-5rem)] overflow-y-auto rounded-md border ' +
        'border-slate-200 bg-white shadow-lg md:absolute md:inset-x-auto md:top-full md:right-4 md:mt-1 ' +
        'md:w-[28rem]'
      }
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
  );
}

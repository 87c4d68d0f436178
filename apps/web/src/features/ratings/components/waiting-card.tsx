import { memo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatDate } from '../../../lib/dates';
import { nameOf } from '../../../entities/learning-skills/skill-label';
import { outboxLabel } from '../api/outbox-names';
import type { OutboxItem } from '../api/outbox-item';
import { cardClass, Points } from '../../../entities/ratings/rating-card';

/**
 * A save still waiting on this device, at the top of a feed (issue 36 §11): named as it was when saved (the server has
 * not seen it), marked as waiting, and with nothing to edit until it is sent; the sent rating's card then takes its
 * place. A save kept by an older version, which kept no names, reads as it does in the header's list.
 */
export const WaitingCard = memo(function WaitingCard({ item }: { item: OutboxItem }) {
  const intl = useIntl();
  const label = outboxLabel(intl, item);
  const names = item.names;
  const waiting = intl.formatMessage({ id: 'web_outbox_waiting_state' });
  const skill = names ? nameOf(intl, names.skill) : null;
  const actions = names?.actions.length
    ? names.actions.map((a) => nameOf(intl, a))
    : [intl.formatMessage({ id: 'web_rating_skill_as_whole' })];
  return (
    <article
      aria-label={`${label.title} (${waiting})`}
      tabIndex={-1}
      data-observation={item.observation}
      data-testid="waiting-rating"
      className={`${cardClass} border-dashed`}
      style={names ? { borderLeftColor: names.skill.colorCode } : undefined}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{waiting}</span>
        <Points points={item.points} />
      </div>
      {names && skill ? (
        <ul className="space-y-1">
          {actions.map((action, i) => (
            <li key={i} className="min-w-0">
              <p className="text-sm font-semibold break-words text-slate-900">{skill}</p>
              <p className={`text-base break-words text-slate-800 ${names.actions.length ? '' : 'italic'}`}>{action}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-base font-semibold break-words text-slate-900">{label.title}</p>
      )}
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        {label.who && (
          <>
            <span className="break-words">{label.who}</span>
            <span aria-hidden="true">·</span>
          </>
        )}
        <time dateTime={item.date}>{formatDate(item.date)}</time>
        {item.files.length > 0 && (
          <>
            <span aria-hidden="true">·</span>
            <span>
              <FormattedMessage id="web_outbox_files" values={{ count: item.files.length }} />
            </span>
          </>
        )}
      </div>
      {item.description && <p className="text-sm whitespace-pre-line text-slate-800">{item.description}</p>}
    </article>
  );
});

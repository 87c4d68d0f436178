import type { TeachingClassStudent } from '@skillroom/contract/types';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { fullName } from '../../../lib/teaching-classes';
import { sortByName } from '../../../lib/name-order';

/** Chips shown before "+n": a row or two at 360 px, whatever the class's size. */
const CHIPS = 6;
const chip = 'inline-flex max-w-full items-center gap-1.5 rounded-full border border-teal-700 bg-teal-50 py-1 text-sm text-teal-900';

const option =
  'flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white p-2 text-sm ' +
  'has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50';

/**
 * The students a rating names; none is the whole class. Shown as chips of who is chosen, with a button that opens the
 * checklist (issue 36 §3: a class of 30 put 30 checkboxes before the skills).
 */
export function StudentsPicker({
  students,
  ids,
  onChange,
}: {
  students: TeachingClassStudent[];
  ids: number[];
  onChange: (ids: number[]) => void;
}) {
  const intl = useIntl();
  const id = useId();
  const [open, setOpen] = useState(false);
  const sorted = sortByName(students, fullName, intl.locale);
  const chosen = sorted.filter((s) => ids.includes(s.id));
  const more = chosen.length - CHIPS;
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">
        <FormattedMessage id="web_rating_students_label" />
      </legend>
      <div className="flex flex-wrap items-center gap-2">
        <ul className="flex min-w-0 flex-wrap items-center gap-2" aria-label={intl.formatMessage({ id: 'web_rating_students_chosen' })}>
          {chosen.length === 0 ? (
            <li className={`${chip} px-3`}>
              <FormattedMessage id="web_capture_whole_class" />
            </li>
          ) : (
            chosen.slice(0, CHIPS).map((s) => (
              <li key={s.id} className={`${chip} pr-3 pl-1`}>
                <Avatar media={s.avatar} name={fullName(s)} size={24} />
                <span className="min-w-0 break-words">{fullName(s)}</span>
              </li>
            ))
          )}
          {more > 0 && (
            <li className="text-sm font-medium text-slate-700">
              <FormattedMessage id="web_rating_students_more" values={{ count: more }} />
            </li>
          )}
        </ul>
        <Button
          id={`${id}-toggle`}
          variant="secondary"
          aria-expanded={open}
          aria-controls={`${id}-list`}
          onClick={() => setOpen((o) => !o)}
        >
          <FormattedMessage id="web_rating_students_change" />
        </Button>
      </div>
      <div id={`${id}-list`} hidden={!open} className="space-y-2">
        <p className="text-sm text-slate-700" role="status">
          {ids.length === 0 ? (
            <FormattedMessage id="web_rating_for_whole_class" />
          ) : (
            <FormattedMessage id="web_rating_for_students" values={{ count: ids.length }} />
          )}
        </p>
        {ids.length > 0 && (
          <Button variant="ghost" onClick={() => onChange([])}>
            <FormattedMessage id="web_rating_whole_class_instead" />
          </Button>
        )}
        <ul className="grid grid-cols-1 gap-2 min-[400px]:grid-cols-2 sm:grid-cols-3">
          {sorted.map((s) => (
            <li key={s.id}>
              <label className={option}>
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-teal-700"
                  checked={ids.includes(s.id)}
                  onChange={() => onChange(ids.includes(s.id) ? ids.filter((x) => x !== s.id) : [...ids, s.id])}
                />
                <Avatar media={s.avatar} name={fullName(s)} size={24} />
                <span className="min-w-0 break-words">{fullName(s)}</span>
              </label>
            </li>
          ))}
        </ul>
        <Button
          variant="secondary"
          onClick={() => {
            setOpen(false);
            document.getElementById(`${id}-toggle`)?.focus();
          }}
        >
          <FormattedMessage id="web_rating_students_done" />
        </Button>
      </div>
    </fieldset>
  );
}

import { lazy, Suspense, useCallback, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { dayDate, formatDate, isoDay, parseDay } from '../../lib/dates';
import { useDismiss } from '../../lib/use-dismiss';
import { control, describedBy, Frame, type FieldProps } from './field';
import { Spinner } from './spinner';

// The calendar (a fifth of a form screen's code) loads when it is first opened; typing a date needs none of it.
const DateCalendar = lazy(() => import('./date-calendar').then((m) => ({ default: m.DateCalendar })));

interface Props extends FieldProps {
  /** YYYY-MM-DD, '' when empty, or the text as typed while it is not a day yet (the form's check then flags it). */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  required?: boolean;
  /** The first day that may be chosen (YYYY-MM-DD). */
  min?: string;
  /** The last day that may be chosen (YYYY-MM-DD). */
  max?: string;
  id?: string;
}

/**
 * The one date field of the app: typed as dd/MM/yyyy (spec §9) whatever the browser's language, or picked in a
 * calendar in the app's locale. Used by every form with a date; its value is the API's YYYY-MM-DD.
 */
export function DateField({ label, error, hint, value, onChange, onBlur, name, required, min, max, id: given }: Props) {
  const intl = useIntl();
  const auto = useId();
  const id = given ?? auto;
  const popupId = `${id}-calendar`;
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  // What the person typed, kept while it is not (yet) a day; replaced whenever the value changes from outside.
  const [typed, setTyped] = useState({ value, text: dayDate(value) ? formatDate(value) : value });
  if (typed.value !== value) setTyped({ value, text: dayDate(value) ? formatDate(value) : value });

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) toggle.current?.focus();
  }, []);
  useDismiss(open, box, close);

  const type = (text: string) => {
    const next = text.trim() === '' ? '' : (parseDay(text) ?? text);
    setTyped({ value: next, text });
    onChange(next);
  };
  const pick = (day: Date | undefined) => {
    if (!day) return;
    onChange(isoDay(day));
    close(true);
  };

  const selected = dayDate(value) ?? undefined;
  const first = min ? (dayDate(min) ?? undefined) : undefined;
  const last = max ? (dayDate(max) ?? undefined) : undefined;
  const labelText = typeof label === 'string' ? label : intl.formatMessage({ id: 'web_ui_date_format' });
  const format = intl.formatMessage({ id: 'web_ui_date_format' });
  return (
    <Frame id={id} label={label} error={error} hint={hint ?? format} required={required}>
      <div ref={box} className="relative flex gap-2">
        <input
          id={id}
          name={name}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={format}
          required={required}
          className={control}
          value={typed.text}
          data-min={min}
          data-max={max}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { label, error, hint: hint ?? format })}
          onChange={(e) => type(e.target.value)}
          onBlur={onBlur}
        />
        <button
          ref={toggle}
          type="button"
          className={
            'inline-flex min-h-10 shrink-0 items-center rounded-md border border-slate-400 bg-white px-3 ' +
            'text-slate-700 hover:bg-slate-100'
          }
          aria-label={intl.formatMessage({ id: 'web_ui_date_choose' }, { label: labelText })}
          aria-expanded={open}
          aria-controls={open ? popupId : undefined}
          onClick={() => setOpen((o) => !o)}
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="1.6">
            <rect x="3" y="4.5" width="14" height="12.5" rx="1.5" />
            <path d="M3 8.5h14M7 2.5v4M13 2.5v4" strokeLinecap="round" />
          </svg>
        </button>
        {open && (
          <div
            id={popupId}
            role="dialog"
            aria-label={labelText}
            className="absolute top-full right-0 z-30 mt-1 rounded-lg border border-slate-200 bg-white p-2 shadow-lg"
          >
            <Suspense fallback={<Spinner />}>
              <DateCalendar selected={selected} first={first} last={last} onPick={pick} />
            </Suspense>
          </div>
        )}
      </div>
    </Frame>
  );
}

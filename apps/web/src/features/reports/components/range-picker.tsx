import { REPORT_MAX_DAYS } from '@skillroom/contract/rules';
import { useId, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DateField } from '../../../components/ui/date-field';
import { formatDate } from '../../../lib/dates';
import {
  dayError,
  PRESETS,
  presetOf,
  presetRange,
  rangeErrors,
  validRange,
  type Preset,
  type Range,
  type RangeError,
} from './range-presets';

// The longest range in years, as people say it (REPORT_MAX_DAYS is ten years of days, leap days included).
const MAX_YEARS = Math.floor(REPORT_MAX_DAYS / 366);

const ERROR_ID: Record<RangeError, string> = {
  format: 'web_report_error_format',
  noSuchDay: 'web_report_error_no_such_day',
  endBeforeStart: 'web_report_range_invalid',
  tooLong: 'web_report_error_too_long',
};

interface Props {
  /** The range shown (the report's own when none was chosen). */
  range: Range;
  /** The class's whole span, or the student's classes'. */
  span: Range;
  onChange: (r: Range) => void;
  /** Choices that belong with the range (the student report's "All of the student's classes"). */
  children?: ReactNode;
}

/**
 * Presets (this week, this month, this term, the whole span) and a custom range. A typed day is checked as it is
 * typed and the range with it; a field says what is wrong once it is left (or at once for the range's own rule),
 * and the report keeps its last good range until the new one is usable.
 */
export function RangePicker({ range, span, onChange, children }: Props) {
  const intl = useIntl();
  const id = useId();
  const today = new Date();
  const current = presetOf(range, today, span);
  const [custom, setCustom] = useState(current === 'custom');
  const [draft, setDraft] = useState(range);
  const chosen: Preset | 'custom' = custom ? 'custom' : current;
  const [left, setLeft] = useState({ start: false, end: false });
  const errors = rangeErrors(draft);
  const message = (key: keyof Range) => {
    const e = errors[key];
    // A day's own form waits until the field is left; the range's rule shows as soon as both days are read.
    if (!e || (!left[key] && (e === 'format' || e === 'noSuchDay'))) return null;
    return intl.formatMessage({ id: ERROR_ID[e] }, { max: MAX_YEARS });
  };

  const setDay = (key: keyof Range, value: string) => {
    const next = { ...draft, [key]: value };
    setDraft(next);
    if (validRange(next)) onChange(next);
  };

  return (
    <fieldset className="space-y-3 print:hidden">
      <legend className="text-sm font-medium text-slate-800">
        <FormattedMessage id="web_report_range" />
      </legend>
      <div className="flex flex-wrap gap-2">
        {[...PRESETS, 'custom' as const].map((p) => (
          <label
            key={p}
            className={
              'cursor-pointer rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium ' +
              'text-slate-800 has-[:checked]:border-teal-700 has-[:checked]:bg-teal-700 has-[:checked]:text-white ' +
              'focus-within-ring'
            }
          >
            <input
              type="radio"
              name={`${id}-preset`}
              className="sr-only"
              checked={chosen === p}
              onChange={() => {
                if (p === 'custom') {
                  setCustom(true);
                  setDraft(range);
                  return;
                }
                setCustom(false);
                onChange(presetRange(p, today, span));
              }}
            />
            <FormattedMessage id={`web_report_preset_${p}`} />
          </label>
        ))}
      </div>
      {custom ? (
        <div className="grid gap-3 sm:max-w-lg sm:grid-cols-2">
          <DateField
            label={intl.formatMessage({ id: 'web_report_from' })}
            value={draft.start}
            onChange={(v) => setDay('start', v)}
            onBlur={() => setLeft((l) => ({ ...l, start: true }))}
            error={message('start')}
          />
          <DateField
            label={intl.formatMessage({ id: 'web_report_to' })}
            value={draft.end}
            min={draft.start && !dayError(draft.start) ? draft.start : undefined}
            onChange={(v) => setDay('end', v)}
            onBlur={() => setLeft((l) => ({ ...l, end: true }))}
            error={message('end')}
          />
        </div>
      ) : null}
      {children}
    </fieldset>
  );
}

/**
 * The picker's space while the report's first answer (which gives the span) is on its way: its legend and preset
 * pills, invisible and inert, so nothing below moves when the picker takes its place. `extra` keeps a line for the
 * choices shown with it.
 */
export function RangePickerPlaceholder({ extra }: { extra: boolean }) {
  return (
    <div className="invisible space-y-3 print:hidden" aria-hidden="true" data-placeholder="range">
      <p className="text-sm font-medium">
        <FormattedMessage id="web_report_range" />
      </p>
      <div className="flex flex-wrap gap-2">
        {[...PRESETS, 'custom' as const].map((p) => (
          <span key={p} className="rounded-full border px-3 py-1.5 text-sm font-medium">
            <FormattedMessage id={`web_report_preset_${p}`} />
          </span>
        ))}
      </div>
      {extra && <div className="h-5" />}
    </div>
  );
}

/** "01/09/2026 – 15/11/2026", the range a report covers. */
export const rangeText = (r: Range) => `${formatDate(r.start)} – ${formatDate(r.end)}`;

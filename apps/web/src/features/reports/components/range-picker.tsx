import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DateField } from '../../../components/ui/date-field';
import { formatDate } from '../../../lib/dates';
import { PRESETS, presetOf, presetRange, validRange, type Preset, type Range } from './range-presets';

interface Props {
  /** The range shown (the report's own when none was chosen). */
  range: Range;
  /** The class's whole span, or the student's classes'. */
  span: Range;
  onChange: (r: Range) => void;
}

/** Presets (this week, this month, this term, the whole span) and a custom range. */
export function RangePicker({ range, span, onChange }: Props) {
  const intl = useIntl();
  const id = useId();
  const today = new Date();
  const current = presetOf(range, today, span);
  const [custom, setCustom] = useState(current === 'custom');
  const [draft, setDraft] = useState(range);
  const chosen: Preset | 'custom' = custom ? 'custom' : current;
  const bad = custom && draft.start && draft.end && !validRange(draft);

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
          <DateField label={<FormattedMessage id="web_report_from" />} value={draft.start} onChange={(v) => setDay('start', v)} />
          <DateField
            label={<FormattedMessage id="web_report_to" />}
            value={draft.end}
            min={draft.start || undefined}
            onChange={(v) => setDay('end', v)}
            error={bad ? intl.formatMessage({ id: 'web_report_range_invalid' }) : null}
          />
        </div>
      ) : null}
    </fieldset>
  );
}

/** "01/09/2026 – 15/11/2026", the range a report covers. */
export const rangeText = (r: Range) => `${formatDate(r.start)} – ${formatDate(r.end)}`;

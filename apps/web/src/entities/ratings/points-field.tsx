import { RATING_POINTS } from '@skillroom/contract/rules';
import { useId, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

const values = Array.from({ length: RATING_POINTS.max - RATING_POINTS.min + 1 }, (_, i) => RATING_POINTS.min + i);

interface Props {
  value: number;
  onChange: (p: number) => void;
  /** The legend, when it is not a rating's points (a class's points of a quick rating). */
  label?: ReactNode;
  hint?: ReactNode;
}

/** Points 1 to 5 as a row of radio buttons (arrow keys move between them). */
export function PointsField({ value, onChange, label, hint }: Props) {
  const id = useId();
  const intl = useIntl();
  return (
    <fieldset aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-800">{label ?? <FormattedMessage id="web_rating_points" />}</legend>
      {hint && (
        <p id={`${id}-hint`} className="mb-2 text-sm text-slate-600">
          {hint}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {values.map((p) => (
          <label
            key={p}
            className="flex h-11 min-w-11 cursor-pointer items-center justify-center gap-1 rounded-md border border-slate-300 bg-white px-2 text-base font-semibold text-slate-900 has-[:checked]:border-amber-700 has-[:checked]:bg-amber-100 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-teal-700"
          >
            <input
              type="radio"
              name={`${id}-points`}
              value={p}
              className="sr-only"
              checked={value === p}
              onChange={() => onChange(p)}
              aria-label={intl.formatMessage({ id: 'web_rating_points_of' }, { points: p, max: RATING_POINTS.max })}
            />
            <span aria-hidden="true">{p}</span>
            <span aria-hidden="true" className="text-amber-600">
              ★
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

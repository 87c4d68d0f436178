import type { OfficeHours } from '@skillroom/contract/rules';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FormField, useFieldError } from '../../../components/ui/form';
import { TimeField } from '../../../components/ui/time-field';

/** What a class gets when its teacher turns office hours on: the working week, school hours. */
export const DEFAULT_OFFICE_HOURS: OfficeHours = { days: [1, 2, 3, 4, 5], start: '08:00', end: '16:00' };
const ISO_DAYS = [1, 2, 3, 4, 5, 6, 7];
// 1 January 2024 was a Monday: ISO day d is d - 1 days after it, named in the reader's language.
const dayDate = (d: number) => Date.UTC(2024, 0, d);

interface Props {
  value: OfficeHours | null;
  onChange: (value: OfficeHours | null) => void;
  /** The form's errors: those of `officeHours`, `officeHours.days`, `.start` and `.end` show here. */
  errors?: Partial<Record<string, string>>;
}

/**
 * A class's office hours (DESIGN §11), or none: the days of the week and the hours (in the class creator's time zone)
 * when the teachers answer. A family writing outside them is told when to expect an answer.
 */
export function OfficeHoursField({ value, onChange, errors = {} }: Props) {
  const intl = useIntl();
  const id = useId();
  const t = (key: string) => intl.formatMessage({ id: key });
  const daysError = errors['officeHours.days'] ?? errors.officeHours;
  const toggleDay = (d: number, on: boolean) =>
    value && onChange({ ...value, days: on ? [...value.days, d].sort((a, b) => a - b) : value.days.filter((x) => x !== d) });
  return (
    <fieldset className="min-w-0 space-y-3" aria-describedby={`${id}-hint`}>
      <legend className="text-sm font-medium text-slate-800">
        <FormattedMessage id="web_messages_office_hours_legend" />
      </legend>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        <FormattedMessage id="web_messages_office_hours_hint" />
      </p>
      <div className="flex items-center gap-3 text-sm text-slate-800">
        <input
          id={`${id}-on`}
          type="checkbox"
          className="h-5 w-5 accent-teal-700"
          checked={value !== null}
          onChange={(e) => onChange(e.target.checked ? DEFAULT_OFFICE_HOURS : null)}
        />
        <label htmlFor={`${id}-on`} className="font-medium">
          <FormattedMessage id="web_messages_office_hours_set" />
        </label>
      </div>
      {value && (
        <>
          <div
            role="group"
            aria-labelledby={`${id}-days`}
            aria-describedby={daysError ? `${id}-days-error` : undefined}
            className="space-y-1"
          >
            <p id={`${id}-days`} className="text-sm font-medium text-slate-800">
              <FormattedMessage id="web_messages_office_hours_days" />
            </p>
            <div className="flex flex-wrap gap-x-4 gap-y-2">
              {ISO_DAYS.map((d) => (
                <label key={d} className="inline-flex min-h-10 items-center gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    className="h-5 w-5 accent-teal-700"
                    checked={value.days.includes(d)}
                    aria-invalid={daysError ? true : undefined}
                    onChange={(e) => toggleDay(d, e.target.checked)}
                  />
                  <span aria-hidden="true">{intl.formatDate(dayDate(d), { weekday: 'short', timeZone: 'UTC' })}</span>
                  <span className="sr-only">{intl.formatDate(dayDate(d), { weekday: 'long', timeZone: 'UTC' })}</span>
                </label>
              ))}
            </div>
            {daysError && (
              <p id={`${id}-days-error`} className="text-sm font-medium text-red-700">
                {daysError}
              </p>
            )}
          </div>
          <div className="grid max-w-sm grid-cols-2 gap-4">
            <TimeField
              label={t('web_messages_office_hours_start')}
              value={value.start}
              error={errors['officeHours.start']}
              onChange={(start) => onChange({ ...value, start })}
            />
            <TimeField
              label={t('web_messages_office_hours_end')}
              value={value.end}
              error={errors['officeHours.end']}
              onChange={(end) => onChange({ ...value, end })}
            />
          </div>
        </>
      )}
    </fieldset>
  );
}

/**
 * The class form's `officeHours`: each part's error under its own control (a bad "Until" under "Until", not under the
 * days), whether the form's schema or the server's 400 found it.
 */
export function FormOfficeHoursField() {
  const errors = {
    officeHours: useFieldError('officeHours'),
    'officeHours.days': useFieldError('officeHours.days'),
    'officeHours.start': useFieldError('officeHours.start'),
    'officeHours.end': useFieldError('officeHours.end'),
  };
  return <FormField name="officeHours" render={(f) => <OfficeHoursField value={f.value} onChange={f.onChange} errors={errors} />} />;
}

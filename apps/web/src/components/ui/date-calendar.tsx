import { DayPicker } from '@daypicker/react';
import { enGB, es, zhHK } from '@daypicker/react/locale';
import '@daypicker/react/style.css';
import type { Locale } from '@skillroom/contract/constants';
import type { CSSProperties } from 'react';
import { useLocale } from '../../lib/i18n';

// Month and weekday names, first day of the week and the calendar's own labels follow the app's locale; English is
// British English so that weeks start on Monday, as the dd/MM/yyyy the app prints.
const calendarLocales = { en: enGB, es, 'zh-HK': zhHK } satisfies Record<Locale, unknown>;

// Set on the calendar's root, where its stylesheet defines them: the app's teal, and days small enough that a month
// fits a 320 px screen (7 × 36 px).
const look = {
  '--rdp-accent-color': 'var(--color-teal-700)',
  '--rdp-accent-background-color': 'var(--color-teal-50)',
  '--rdp-day-width': '2.25rem',
  '--rdp-day-height': '2.25rem',
  '--rdp-day_button-width': '2.125rem',
  '--rdp-day_button-height': '2.125rem',
  '--rdp-nav-height': '2.25rem',
  '--rdp-nav_button-width': '2.25rem',
  '--rdp-nav_button-height': '2.25rem',
} as CSSProperties;

/** The month grid of the date field (date-field.tsx), loaded when it is first opened. */
interface Props {
  selected?: Date;
  first?: Date;
  last?: Date;
  onPick: (day: Date | undefined) => void;
}

export function DateCalendar({ selected, first, last, onPick }: Props) {
  const { locale } = useLocale();
  return (
    <DayPicker
      mode="single"
      style={look}
      locale={calendarLocales[locale]}
      selected={selected}
      onSelect={onPick}
      defaultMonth={selected ?? last ?? first}
      disabled={[...(first ? [{ before: first }] : []), ...(last ? [{ after: last }] : [])]}
      // The calendar opens as a dialog at a person's request: its focus belongs on the selected (or today's) day.
      // eslint-disable-next-line jsx-a11y/no-autofocus -- DayPicker's own prop, the dialog pattern's initial focus
      autoFocus
    />
  );
}

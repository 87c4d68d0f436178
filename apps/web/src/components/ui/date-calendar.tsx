import { DayPicker } from '@daypicker/react';
import { enGB, es, zhHK } from '@daypicker/react/locale';
import '@daypicker/react/style.css';
import type { Locale } from '@skillroom/contract';
import { useLocale } from '../../lib/i18n';

// Month and weekday names, first day of the week and the calendar's own labels follow the app's locale; English is
// British English so that weeks start on Monday, as the dd/MM/yyyy the app prints.
const calendarLocales = { en: enGB, es, 'zh-HK': zhHK } satisfies Record<Locale, unknown>;

/** The month grid of the date field (date-field.tsx), loaded when it is first opened. */
export function DateCalendar({ selected, first, onPick }: { selected?: Date; first?: Date; onPick: (day: Date | undefined) => void }) {
  const { locale } = useLocale();
  return (
    <DayPicker
      mode="single"
      locale={calendarLocales[locale]}
      selected={selected}
      onSelect={onPick}
      defaultMonth={selected ?? first}
      disabled={first ? { before: first } : undefined}
      // The calendar opens as a dialog at a person's request: its focus belongs on the selected (or today's) day.
      // eslint-disable-next-line jsx-a11y/no-autofocus -- DayPicker's own prop, the dialog pattern's initial focus
      autoFocus
    />
  );
}

// @vitest-environment jsdom
import type { OfficeHours } from '@skillroom/contract/rules';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_OFFICE_HOURS, OfficeHoursField } from './office-hours-field';

/** A form holding the value, as the class form does; `seen` gets every change. */
function Holder({ initial, seen }: { initial: OfficeHours | null; seen: (v: OfficeHours | null) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <OfficeHoursField
      value={value}
      onChange={(v) => {
        seen(v);
        setValue(v);
      }}
      errors={{ 'officeHours.end': 'Office hours should end after they start.' }}
    />
  );
}

// The checkboxes in order: the switch, then Monday to Sunday (queried by position: role queries are slow in jsdom).
const boxes = () => [...document.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
const day = (iso: number) => boxes()[iso]!;

const renderField = (initial: OfficeHours | null, seen = vi.fn()) => {
  render(
    <IntlProvider locale="en" messages={{}} onError={() => undefined}>
      <Holder initial={initial} seen={seen} />
    </IntlProvider>,
  );
  return seen;
};

describe('office hours field (DESIGN §11)', () => {
  afterEach(cleanup);

  it('is off with none, and on with the working week when switched on; off again sends null', () => {
    const seen = renderField(null);
    const on = screen.getByLabelText('web_messages_office_hours_set');
    expect(boxes()).toHaveLength(1);
    fireEvent.click(on);
    expect(seen).toHaveBeenLastCalledWith(DEFAULT_OFFICE_HOURS);
    // Each day is named in full for a screen reader.
    expect(day(5).closest('label')!.textContent).toContain('Friday');
    expect(day(5).checked).toBe(true);
    expect(day(7).checked).toBe(false);
    fireEvent.click(on);
    expect(seen).toHaveBeenLastCalledWith(null);
  });

  it('changes days (kept in weekday order) and times, and shows the form error next to its time', () => {
    const seen = renderField({ days: [3], start: '08:00', end: '16:00' });
    fireEvent.click(day(1));
    expect(seen).toHaveBeenLastCalledWith({ days: [1, 3], start: '08:00', end: '16:00' });
    fireEvent.click(day(3));
    expect(seen).toHaveBeenLastCalledWith({ days: [1], start: '08:00', end: '16:00' });
    fireEvent.change(screen.getByLabelText('web_messages_office_hours_end'), { target: { value: '15:30' } });
    expect(seen).toHaveBeenLastCalledWith({ days: [1], start: '08:00', end: '15:30' });
    expect(screen.getByText('Office hours should end after they start.')).toBeTruthy();
    expect(screen.getByLabelText('web_messages_office_hours_end').getAttribute('aria-invalid')).toBe('true');
  });
});

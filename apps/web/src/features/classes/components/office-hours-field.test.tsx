// @vitest-environment jsdom
import { MESSAGE_MESSAGES, type OfficeHours } from '@skillroom/contract/rules';
import { officeHoursBody } from '@skillroom/contract/schemas';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Form, SubmitButton, useZodForm } from '../../../components/ui/form';
import { ApiError } from '../../../lib/api-client';
import { translateClassViolation } from '../../../lib/class-violations';
import { webMessages } from '../../../lib/web-texts.testing';
import { DEFAULT_OFFICE_HOURS, FormOfficeHoursField, OfficeHoursField } from './office-hours-field';

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

// Message ids stand in for texts, but for the one that names a field in its error.
const messages = { web_ui_field_error: '{field}: {error}' };

const renderField = (initial: OfficeHours | null, seen = vi.fn()) => {
  render(
    <IntlProvider locale="en" messages={messages} onError={() => undefined}>
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
    expect(screen.getByText('web_messages_office_hours_end: Office hours should end after they start.')).toBeTruthy();
    expect(screen.getByLabelText('web_messages_office_hours_end').getAttribute('aria-invalid')).toBe('true');
  });

  /** The class form's office hours, with the class rules' texts, in a locale's own words. */
  function InForm({ send }: { send: (v: { officeHours: OfficeHours | null }) => Promise<void> | void }) {
    const form = useZodForm<{ officeHours: OfficeHours | null }>(z.object({ officeHours: officeHoursBody.nullable() }), {
      defaultValues: { officeHours: { days: [1, 2], start: '08:00', end: '16:00' } },
      mode: 'onChange',
    });
    return (
      <Form form={form} onSubmit={send} translateMessage={translateClassViolation}>
        <FormOfficeHoursField />
        <SubmitButton>Save</SubmitButton>
      </Form>
    );
  }
  const renderInForm = (send: Parameters<typeof InForm>[0]['send'], locale = 'en') =>
    render(
      <IntlProvider locale={locale} messages={webMessages(locale)} onError={() => undefined}>
        <InForm send={send} />
      </IntlProvider>,
    );
  const time = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
  const errorOf = (el: HTMLElement) =>
    el.getAttribute('aria-invalid') === 'true' ? document.getElementById(el.getAttribute('aria-describedby')!)?.textContent : undefined;
  const save = () => act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Save' })));

  it.each([
    ['en', 'From', 'Until', 'Until: Office hours should end after they start.', 'From: Enter the time as HH:mm'],
    ['es', 'Desde', 'Hasta', 'Hasta: El horario de atención debe terminar después de empezar.', 'Desde: Escribe la hora como HH:mm'],
    ['zh-HK', '由', '至', '至：辦公時間的結束時間必須遲於開始時間。', '由：請以 24 小時制的 HH:mm 格式輸入時間'],
  ])('says a wrong time under that time, by name, in %s: not under the days', async (locale, from, until, order, format) => {
    const send = vi.fn();
    renderInForm(send, locale);
    expect(time(from).type).toBe('text');
    fireEvent.change(time(until), { target: { value: '7:00' } });
    await waitFor(() => expect(errorOf(time(until))).toBe(order));
    expect(errorOf(time(from))).toBeUndefined();
    expect(document.querySelector('[role="group"]')!.hasAttribute('aria-describedby')).toBe(false);
    fireEvent.change(time(from), { target: { value: '6:75' } });
    await waitFor(() => expect(errorOf(time(from))).toContain(format));
    fireEvent.change(time(from), { target: { value: '0630' } });
    await waitFor(() => expect(errorOf(time(from))).toBeUndefined());
    await save();
    expect(send).toHaveBeenCalledWith({ officeHours: { days: [1, 2], start: '06:30', end: '07:00' } });
  });

  it("puts the server's violations of office hours under their parts", async () => {
    const send = vi.fn().mockRejectedValue(
      new ApiError(400, 'Invalid', [
        { propertyPath: 'officeHours.start', message: MESSAGE_MESSAGES.officeTime },
        { propertyPath: 'officeHours.days', message: MESSAGE_MESSAGES.officeDays },
      ]),
    );
    renderInForm(send);
    await save();
    await waitFor(() => expect(errorOf(time('From'))).toBe('From: Enter the time as HH:mm on the 24-hour clock, for example 07:30.'));
    expect(errorOf(time('Until'))).toBeUndefined();
    expect(document.getElementById(document.querySelector('[role="group"]')!.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Choose at least one day.',
    );
  });
});

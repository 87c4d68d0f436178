// @vitest-environment jsdom
import { V } from '@skillroom/contract/messages';
import { HH_MM } from '@skillroom/contract/rules';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { webMessages } from '../../lib/web-texts.testing';
import { Form, SubmitButton, useZodForm } from './form';
import { FormTimeField } from './form-time-field';

interface Values {
  quietHoursStart: string;
  quietHoursEnd: string;
}
// The profile's rule (userPatchBody's `timeOfDay`): the contract's HH:mm and its text.
const time = z.string().regex(HH_MM, { error: V.time });
const schema = z.object({ quietHoursStart: time, quietHoursEnd: time });

/** Two times side by side, as the quiet hours lay them out. */
function Probe({ send }: { send: (v: Values) => Promise<void> | void }) {
  const form = useZodForm<Values>(schema, { defaultValues: { quietHoursStart: '20:00', quietHoursEnd: '07:00' } });
  return (
    <Form form={form} onSubmit={send}>
      <FormTimeField name="quietHoursStart" label="From" required />
      <FormTimeField name="quietHoursEnd" label="Until" required />
      <SubmitButton>Save</SubmitButton>
    </Form>
  );
}

const renderProbe = (send: (v: Values) => Promise<void> | void, locale = 'en') =>
  render(
    <IntlProvider locale={locale} messages={webMessages(locale)} onError={() => undefined}>
      <Probe send={send} />
    </IntlProvider>,
  );

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { exact: false });
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const submit = () => act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Save' })));
const describedText = (label: string) =>
  document.getElementById(input(label).getAttribute('aria-describedby') ?? '')?.textContent ?? undefined;

describe('the time field (quiet and office hours)', () => {
  afterEach(cleanup);

  it.each([
    ['en', '24-hour clock, e.g. 19:30', 'From: Enter the time as HH:mm on the 24-hour clock, for example 07:30.'],
    ['es', 'Formato de 24 horas, p. ej. 19:30', 'From: Escribe la hora como HH:mm en formato de 24 horas, por ejemplo 07:30.'],
    ['zh-HK', '24 小時制，例如 19:30', 'From：請以 24 小時制的 HH:mm 格式輸入時間，例如 07:30。'],
  ])(
    'shows and takes HH:mm on the 24-hour clock in %s, and a bad time is refused under its field, by name',
    async (locale, hint, error) => {
      const send = vi.fn();
      renderProbe(send, locale);
      // A text field of the app's own (a browser's time input would draw AM/PM or 上午/下午 in its own language).
      expect(input('From').type).toBe('text');
      expect(input('From').value).toBe('20:00');
      expect(input('Until').value).toBe('07:00');
      expect(describedText('From')).toBe(hint);
      type('From', '25:00');
      await submit();
      expect(send).not.toHaveBeenCalled();
      await waitFor(() => expect(describedText('From')).toBe(error));
      expect(input('From').getAttribute('aria-invalid')).toBe('true');
      expect(input('Until').hasAttribute('aria-invalid')).toBe(false);
      await waitFor(() => expect(document.activeElement).toBe(input('From')));
      // Fixed, the error goes as the value is typed.
      type('From', '21:15');
      await waitFor(() => expect(input('From').hasAttribute('aria-invalid')).toBe(false));
      await submit();
      expect(send).toHaveBeenCalledWith({ quietHoursStart: '21:15', quietHoursEnd: '07:00' });
    },
  );

  it('keeps what is typed while typing, sends it as HH:mm, and shows it so once the field is left', async () => {
    const send = vi.fn();
    renderProbe(send);
    type('From', '9.30 pm');
    expect(input('From').value).toBe('9.30 pm');
    type('Until', '630');
    fireEvent.blur(input('Until'));
    expect(input('Until').value).toBe('06:30');
    fireEvent.blur(input('From'));
    expect(input('From').value).toBe('21:30');
    await submit();
    expect(send).toHaveBeenCalledWith({ quietHoursStart: '21:30', quietHoursEnd: '06:30' });
  });

  it("puts the server's violation of a time under that time, by name", async () => {
    const send = vi.fn().mockRejectedValue(new ApiError(400, 'Invalid', [{ propertyPath: 'quietHoursEnd', message: V.time }]));
    renderProbe(send);
    await submit();
    await waitFor(() => expect(describedText('Until')).toBe('Until: Enter the time as HH:mm on the 24-hour clock, for example 07:30.'));
    expect(input('Until').getAttribute('aria-invalid')).toBe('true');
    expect(input('From').hasAttribute('aria-invalid')).toBe(false);
  });
});

// @vitest-environment jsdom
import { V } from '@skillroom/contract/messages';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createIntl, IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { readFormMessage } from '../../lib/violations';
import { Form, FormError, FormTextField, SubmitButton, useZodForm, type SchemaSource } from './form';

interface Values {
  name: string;
  email: string;
}

const schema = z.object({
  name: z.string().min(1, { error: V.blank }),
  email: z.string().pipe(z.email({ error: V.email })),
});

/** A form of two fields with the form-level message above them, as the app's forms lay them out. */
function Probe({ source = schema, send }: { source?: SchemaSource; send: (v: Values) => Promise<void> | void }) {
  const form = useZodForm<Values>(source, { defaultValues: { name: '', email: '' } });
  return (
    <Form form={form} onSubmit={send}>
      <FormError />
      <FormTextField name="name" label="Name" />
      <FormTextField name="email" label="E-mail" />
      <SubmitButton>Save</SubmitButton>
    </Form>
  );
}

// Message ids stand in for texts: the test is about where the messages go, the translations have their own test.
const renderProbe = (props: Parameters<typeof Probe>[0]) =>
  render(
    <IntlProvider locale="en" messages={{}} onError={() => undefined}>
      <Probe {...props} />
    </IntlProvider>,
  );

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Save' })));
const errorOf = (label: string) => {
  const input = screen.getByLabelText(label);
  const id = input.getAttribute('aria-describedby');
  return input.getAttribute('aria-invalid') === 'true' && id ? document.getElementById(id)?.textContent : undefined;
};

describe('the form primitive', () => {
  afterEach(cleanup);

  it('checks the contract schema before sending, in the contract texts, and focuses the first field to fix', async () => {
    const send = vi.fn();
    renderProbe({ send });
    fill('E-mail', 'not an address');
    await submit();
    expect(send).not.toHaveBeenCalled();
    await waitFor(() => expect(errorOf('Name')).toBe('web_violation_blank'));
    expect(errorOf('E-mail')).toBe('web_violation_email');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')));
    // From the submit on, a field's error follows its value.
    fill('Name', 'Maria');
    await waitFor(() => expect(errorOf('Name')).toBeUndefined());
    expect(screen.getByLabelText('Name').hasAttribute('aria-invalid')).toBe(false);
  });

  it('maps a 400 onto its fields (the first message of each), and what no field shows above the form', async () => {
    const send = vi.fn().mockRejectedValue(
      new ApiError(400, 'Invalid', [
        { propertyPath: 'email', message: V.email },
        { propertyPath: 'email', message: 'A second word on the same field.' },
        { propertyPath: 'teachingClass', message: 'This class is gone.' },
        { propertyPath: '', message: V.blank },
      ]),
    );
    renderProbe({ send });
    fill('Name', 'Maria');
    fill('E-mail', 'maria@example.org');
    await submit();
    expect(send).toHaveBeenCalledWith({ name: 'Maria', email: 'maria@example.org' });
    await waitFor(() => expect(errorOf('E-mail')).toBe('web_violation_email'));
    expect(errorOf('Name')).toBeUndefined();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('This class is gone. web_violation_blank');
    // The form-level message comes first on the page: focus goes there.
    await waitFor(() => expect(document.activeElement?.contains(alert)).toBe(true));
  });

  it('says any other failure once, above the form: the server message, or the network one', async () => {
    const send = vi.fn().mockRejectedValueOnce(new ApiError(409, 'Already taken.')).mockRejectedValueOnce(new ApiError(0, 'offline'));
    renderProbe({ send });
    fill('Name', 'Maria');
    fill('E-mail', 'maria@example.org');
    await submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Already taken.'));
    await submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('web_common_fetch_failed'));
    expect(errorOf('Name')).toBeUndefined();
  });

  it('keeps the submit button busy while sending and sends once however often it is pressed', async () => {
    let finish = () => undefined as void;
    const send = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderProbe({ send });
    fill('Name', 'Maria');
    fill('E-mail', 'maria@example.org');
    await submit();
    const button = screen.getByRole('button', { name: 'Save' });
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    expect(button).toHaveProperty('disabled', true);
    fireEvent.submit(button.closest('form')!);
    await act(async () => finish());
    await waitFor(() => expect(button.hasAttribute('aria-busy')).toBe(false));
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('loads a schema given as a loader only when the form is used', async () => {
    const load = vi.fn(async () => schema);
    const send = vi.fn();
    renderProbe({ source: load, send });
    expect(load).not.toHaveBeenCalled();
    await submit();
    expect(load).toHaveBeenCalled();
    await waitFor(() => expect(errorOf('Name')).toBe('web_violation_blank'));
    expect(send).not.toHaveBeenCalled();
  });

  it('reads a message as a key of the app, a contract text, or several texts of the whole form', () => {
    const intl = createIntl({ locale: 'en', messages: { web_invitation_error_classCodeUnknown: 'No class has this code.' } });
    expect(readFormMessage(intl, 'web_invitation_error_classCodeUnknown')).toBe('No class has this code.');
    expect(readFormMessage(intl, `${V.blank}\nAs the server wrote it.`)).toBe('web_violation_blank As the server wrote it.');
  });
});

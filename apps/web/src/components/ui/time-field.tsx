import { useId, useState, type Ref } from 'react';
import { useIntl } from 'react-intl';
import { parseTime } from '../../lib/dates';
import { control, describedBy, Frame, type FieldProps } from './field';

export interface TimeFieldProps extends FieldProps {
  /** HH:mm, '' when empty, or the text as typed while it is not a time (the schema then refuses it, under this field). */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  id?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * The one time-of-day field of the app (quiet hours, office hours): HH:mm on the 24-hour clock in every language. Not
 * `<input type="time">`, which the browser draws in its own language whatever the app's (AM/PM in an English browser,
 * 上午/下午 in a Chinese one). What is typed is read by `parseTime` (7:30, 0730, 19.30, 7:30 pm all count) and shown as
 * HH:mm once the field is left. Its error starts with the field's name ("Until: …"): two times side by side each say
 * which of them is wrong, wherever the message is read out.
 */
export function TimeField({ label, error, hint, value, onChange, onBlur, name, required, disabled, id: given, ref }: TimeFieldProps) {
  const intl = useIntl();
  const auto = useId();
  const id = given ?? auto;
  // What the person typed, kept while they type; replaced whenever the value changes from outside (a reset, a default).
  const [typed, setTyped] = useState({ value, text: value });
  if (typed.value !== value) setTyped({ value, text: value });
  const type = (text: string) => {
    const next = text.trim() === '' ? '' : (parseTime(text) ?? text);
    setTyped({ value: next, text });
    onChange(next);
  };
  const format = hint ?? intl.formatMessage({ id: 'web_ui_time_format' });
  const named = error && typeof label === 'string' ? intl.formatMessage({ id: 'web_ui_field_error' }, { field: label, error }) : error;
  return (
    <Frame id={id} label={label} error={named} hint={format} required={required}>
      <input
        ref={ref}
        id={id}
        name={name}
        type="text"
        // Digits with a separator key on a phone (7.30 reads as 07:30), and never the browser's own clock.
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        placeholder={intl.formatMessage({ id: 'web_ui_time_placeholder' })}
        required={required}
        disabled={disabled}
        className={control}
        value={typed.text}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { label, error, hint: format })}
        onChange={(e) => type(e.target.value)}
        onBlur={() => {
          // Left with a time read from other digits (730): it shows as it is kept, 07:30.
          if (typed.text !== value && parseTime(typed.text) === value) setTyped({ value, text: value });
          onBlur?.();
        }}
      />
    </Frame>
  );
}

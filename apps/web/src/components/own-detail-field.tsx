import type { Dispatch, InputHTMLAttributes, SetStateAction } from 'react';
import { useIntl } from 'react-intl';
import { TextField } from './ui/field';

type Props<V extends Record<string, string>> = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'onChange'> & {
  name: keyof V & string;
  values: V;
  onValues: Dispatch<SetStateAction<V>>;
  error?: string;
};

/** A text field of the user's own details (sign-up, the profile), named as on sign-up, kept in the form's record of texts. */
export function OwnDetailField<V extends Record<string, string>>({ name, values, onValues, error, ...input }: Props<V>) {
  const intl = useIntl();
  return (
    <TextField
      {...input}
      label={intl.formatMessage({ id: `web_sign_up_${name}` })}
      name={name}
      value={values[name]}
      error={error}
      onChange={(e) => onValues((v) => ({ ...v, [name]: e.target.value }))}
    />
  );
}

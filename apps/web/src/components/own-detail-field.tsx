import type { InputHTMLAttributes } from 'react';
import { useIntl } from 'react-intl';
import { FormTextField } from './ui/form';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur'> & { name: string };

/** A text field of the user's own details (sign-up, the profile), named and labelled as on sign-up, in the form it is in. */
export function OwnDetailField({ name, ...input }: Props) {
  const intl = useIntl();
  return <FormTextField {...input} name={name} label={intl.formatMessage({ id: `web_sign_up_${name}` })} />;
}

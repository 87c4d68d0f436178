import { FormField, type Named } from './form';
import { TimeField, type TimeFieldProps } from './time-field';

// Apart from form.tsx: every form's chunk (sign-in's included) would otherwise carry the time field and its parser.
/** A time of day of the form (quiet hours): HH:mm on the 24-hour clock in every language (`time-field.tsx`). */
export const FormTimeField = ({ name, ...props }: Named & Pick<TimeFieldProps, 'label' | 'hint' | 'required' | 'disabled' | 'id'>) => (
  <FormField name={name} render={(f, error) => <TimeField {...props} {...f} value={(f.value as string | null) ?? ''} error={error} />} />
);

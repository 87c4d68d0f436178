import type { ReactNode } from 'react';
import { TextField } from './field';

interface Props {
  label: ReactNode;
  /** YYYY-MM-DD, or '' for none. */
  value: string;
  onChange: (value: string) => void;
  min?: string;
  max?: string;
  error?: string | null;
  required?: boolean;
  name?: string;
}

/**
 * A calendar day. For now the browser's own date input; the one place to swap for the app's shared date picker
 * (which follows the locale and shows dd/MM/yyyy) once it exists.
 */
export function DayField({ label, value, onChange, min, max, error, required, name }: Props) {
  return (
    <TextField
      type="date"
      label={label}
      value={value}
      min={min}
      max={max}
      error={error}
      required={required}
      name={name}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

// A field that cannot be changed looks it: greyed, no shadow, its text still readable (contrast stays above 4.5:1).
export const control =
  'block w-full min-w-0 rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 ' +
  'shadow-sm focus:border-teal-700 aria-[invalid=true]:border-red-700 disabled:cursor-not-allowed ' +
  'disabled:border-slate-300 disabled:bg-slate-100 disabled:text-slate-600 disabled:shadow-none';

export interface FieldProps {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
}

/** Label, control, then its hint or error. A required control's label carries a `*` (the input says so to readers). */
export function Frame({
  id,
  label,
  error,
  hint,
  required,
  children,
}: FieldProps & { id: string; required?: boolean; children: ReactNode }) {
  return (
    <div className="min-w-0 space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {required && (
          <span aria-hidden="true" className="text-red-700">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export const describedBy = (id: string, { error, hint }: FieldProps) => (error ? `${id}-error` : hint ? `${id}-hint` : undefined);

/** The id of a field's control (the one given, or a new one) and what marks the control as this field's. */
function useControl(given: string | undefined, field: FieldProps) {
  const auto = useId();
  const id = given ?? auto;
  return { id, className: control, 'aria-invalid': field.error ? true : undefined, 'aria-describedby': describedBy(id, field) };
}

export function TextField({ label, error, hint, id: given, ...rest }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const own = useControl(given, { label, error, hint });
  return (
    <Frame id={own.id} label={label} error={error} hint={hint} required={rest.required}>
      <input {...own} {...rest} />
    </Frame>
  );
}

export function TextAreaField({ label, error, hint, id: given, ...rest }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const own = useControl(given, { label, error, hint });
  return (
    <Frame id={own.id} label={label} error={error} hint={hint} required={rest.required}>
      <textarea {...own} {...rest} />
    </Frame>
  );
}

export function SelectField({ label, error, hint, id: given, children, ...rest }: FieldProps & SelectHTMLAttributes<HTMLSelectElement>) {
  const own = useControl(given, { label, error, hint });
  return (
    <Frame id={own.id} label={label} error={error} hint={hint} required={rest.required}>
      <select {...own} {...rest}>
        {children}
      </select>
    </Frame>
  );
}

/** The line above a form that says what the `*` beside a label means. */
export function RequiredNote({ children }: { children: ReactNode }) {
  return <p className="text-sm text-slate-600">{children}</p>;
}

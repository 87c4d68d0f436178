import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

const control =
  'block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-teal-700 focus:outline-2 focus:outline-teal-700 aria-[invalid=true]:border-red-700';

interface FieldProps {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
}

function Frame({ id, label, error, hint, children }: FieldProps & { id: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
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

const describedBy = (id: string, { error, hint }: FieldProps) => (error ? `${id}-error` : hint ? `${id}-hint` : undefined);

export function TextField({ label, error, hint, id: given, ...rest }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const auto = useId();
  const id = given ?? auto;
  return (
    <Frame id={id} label={label} error={error} hint={hint}>
      <input id={id} className={control} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, { label, error, hint })} {...rest} />
    </Frame>
  );
}

export function TextAreaField({ label, error, hint, id: given, ...rest }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const auto = useId();
  const id = given ?? auto;
  return (
    <Frame id={id} label={label} error={error} hint={hint}>
      <textarea id={id} className={control} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, { label, error, hint })} {...rest} />
    </Frame>
  );
}

export function SelectField({ label, error, hint, id: given, children, ...rest }: FieldProps & SelectHTMLAttributes<HTMLSelectElement>) {
  const auto = useId();
  const id = given ?? auto;
  return (
    <Frame id={id} label={label} error={error} hint={hint}>
      <select id={id} className={control} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, { label, error, hint })} {...rest}>
        {children}
      </select>
    </Frame>
  );
}

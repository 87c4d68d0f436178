import type { ReactNode } from 'react';

const tones = {
  error: 'border-red-300 bg-red-50 text-red-800',
  info: 'border-sky-300 bg-sky-50 text-sky-900',
  success: 'border-emerald-300 bg-emerald-50 text-emerald-900',
};

export function Alert({ tone = 'error', children }: { tone?: keyof typeof tones; children: ReactNode }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-md border px-4 py-3 text-sm ${tones[tone]}`}>
      {children}
    </div>
  );
}

/** The errors of a form that belong to none of its fields, above it; focus lands here when they are the first to read. */
export function FormErrors({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div tabIndex={-1} data-form-error>
      <Alert>{message}</Alert>
    </div>
  );
}

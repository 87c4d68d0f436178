import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './spinner';

type Variant = 'primary' | 'secondary' | 'danger' | 'danger-ghost' | 'ghost';
const styles: Record<Variant, string> = {
  primary: 'bg-teal-700 text-white hover:bg-teal-800 disabled:bg-teal-700/60',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 disabled:text-slate-500',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-red-700/60',
  // A destructive action among quiet ones (Remove beside Edit): its own colours, not a text colour added to `ghost`
  // (two text colours in one class list are decided by the stylesheet's order, not by which came last).
  'danger-ghost': 'text-red-700 hover:bg-red-50 hover:text-red-800',
  ghost: 'text-slate-700 hover:bg-slate-100',
};

export const buttonClass = (variant: Variant = 'primary', extra = '') =>
  'inline-flex min-h-10 items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold transition ' +
  `disabled:cursor-not-allowed ${styles[variant]} ${extra}`;

interface Props extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  busy?: boolean;
}

export function Button({ variant = 'primary', busy = false, className = '', children, disabled, type = 'button', ...rest }: Props) {
  return (
    <button type={type} className={buttonClass(variant, className)} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {busy && <Spinner small />}
      {children}
    </button>
  );
}

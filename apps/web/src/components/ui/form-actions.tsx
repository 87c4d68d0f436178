import type { ReactNode } from 'react';
import { useFormState } from 'react-hook-form';
import { Button } from './button';

/** The submit button of the form it is in (components/ui/form.tsx): busy (and so disabled) while the form sends. */
export function SubmitButton(props: Omit<Parameters<typeof Button>[0], 'type' | 'busy'>) {
  const { isSubmitting } = useFormState();
  return <Button {...props} type="submit" busy={isSubmitting} />;
}

/** A form's submit button, with whatever goes beside it (Cancel, a link back). */
export function FormActions({ submitLabel, children }: { submitLabel: ReactNode; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <SubmitButton>{submitLabel}</SubmitButton>
      {children}
    </div>
  );
}

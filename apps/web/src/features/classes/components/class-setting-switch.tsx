import { useId } from 'react';
import { FormCheckInput } from '../../../components/ui/form';

interface Props {
  /** The class form's field (a boolean). */
  name: string;
  label: string;
  hint: string;
}

/** A yes/no class setting of DESIGN §11–§12 (family comments, self-assessment): a labelled checkbox with its hint. */
export function ClassSettingSwitch({ name, label, hint }: Props) {
  const id = useId();
  return (
    <div className="flex items-start gap-3 text-sm text-slate-800">
      <FormCheckInput name={name} id={id} className="mt-0.5 h-5 w-5 accent-teal-700" aria-describedby={`${id}-hint`} />
      <div>
        <label htmlFor={id} className="block font-medium">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-slate-600">
          {hint}
        </p>
      </div>
    </div>
  );
}

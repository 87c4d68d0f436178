import { useId, type InputHTMLAttributes } from 'react';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  label: string;
  hint: string;
}

/** A yes/no class setting of DESIGN §11–§12 (family comments, self-assessment): a labelled checkbox with its hint. */
export function ClassSettingSwitch({ label, hint, ...input }: Props) {
  const id = useId();
  return (
    <div className="flex items-start gap-3 text-sm text-slate-800">
      <input id={id} type="checkbox" className="mt-0.5 h-5 w-5 accent-teal-700" aria-describedby={`${id}-hint`} {...input} />
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

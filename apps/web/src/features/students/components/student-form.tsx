import { MediaType } from '@skillroom/contract/constants';
import { teachingClassStudentCreateBody } from '@skillroom/contract/schemas';
import type { Media, TeachingClassStudent } from '@skillroom/contract/types';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { AvatarPicker } from '../../../components/avatar-picker';
import { FormErrors } from '../../../components/ui/alert';
import { FormActions } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { zodViolations } from '../../../lib/class-violations';
import { useClassForm } from '../../../lib/use-class-form';

export interface StudentFormValues {
  firstName: string;
  lastName: string;
  code: string;
  avatar: Media | null;
}

const FIELDS = ['firstName', 'lastName', 'code', 'avatar'] as const;
const studentFields = teachingClassStudentCreateBody.omit({ teachingClass: true });

export const emptyStudent = (): StudentFormValues => ({ firstName: '', lastName: '', code: '', avatar: null });
export const studentValues = (p: TeachingClassStudent): StudentFormValues => ({
  firstName: p.firstName,
  lastName: p.lastName ?? '',
  code: p.code ?? '',
  avatar: p.avatar,
});
export const studentBody = (v: StudentFormValues) => ({
  firstName: v.firstName,
  lastName: v.lastName,
  code: v.code,
  avatar: v.avatar ? v.avatar['@id'] : null,
});

interface Props {
  initial: StudentFormValues;
  submitLabel: ReactNode;
  /** Sends the values; a 400 it throws comes back as errors next to the fields. */
  onSave: (values: StudentFormValues) => Promise<void>;
  /** Adding several students in a row: after each save the form empties and the first name takes focus. */
  clearAfterSave?: boolean;
  footer?: ReactNode;
}

/** First name, last name, code and picture of a student in a class (add and edit). */
export function StudentForm({ initial, submitLabel, onSave, clearAfterSave = false, footer }: Props) {
  const intl = useIntl();
  const [v, setV] = useState(initial);
  const { formRef, errors, busy, submit, otherError } = useClassForm(FIELDS);
  const t = (id: string) => intl.formatMessage({ id });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const local = studentFields.safeParse(studentBody(v));
    void submit(local.success ? [] : zodViolations(local.error), async () => {
      await onSave(v);
      if (clearAfterSave) {
        setV(emptyStudent());
        formRef.current?.querySelector<HTMLInputElement>('input[name="firstName"]')?.focus();
      }
    });
  };

  const text = (key: 'firstName' | 'lastName' | 'code', label: string, extra: Record<string, string | boolean> = {}) => (
    <TextField
      label={label}
      name={key}
      value={v[key]}
      error={errors[key]}
      autoComplete="off"
      onChange={(e) => setV((old) => ({ ...old, [key]: e.target.value }))}
      {...extra}
    />
  );

  return (
    <form ref={formRef} className="space-y-5" onSubmit={onSubmit} noValidate>
      <FormErrors message={otherError} />
      <div className="grid gap-4 sm:grid-cols-2">
        {text('firstName', t('web_student_form_first_name'), { required: true })}
        {text('lastName', t('web_student_form_last_name'))}
      </div>
      {text('code', t('web_student_form_code'), { hint: t('web_student_form_code_hint') })}
      <AvatarPicker
        label={t('web_student_form_avatar')}
        name={[v.firstName, v.lastName].filter(Boolean).join(' ') || '?'}
        value={v.avatar}
        onChange={(m) => setV((old) => ({ ...old, avatar: m }))}
        uploadType={MediaType.StudentAvatar}
        catalogueType={MediaType.PredefinedStudentAvatar}
        error={errors.avatar}
      />
      <FormActions busy={busy} submitLabel={submitLabel}>
        {footer}
      </FormActions>
    </form>
  );
}

import { MediaType } from '@skillroom/contract/constants';
import { teachingClassStudentCreateBody } from '@skillroom/contract/schemas';
import type { Media, TeachingClassStudent } from '@skillroom/contract/types';
import type { ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useIntl } from 'react-intl';
import { AvatarPicker } from '../../../components/avatar-picker';
import { applyServerViolations, Form, FormActions, FormError, FormField, FormTextField, useZodForm } from '../../../components/ui/form';
import { translateClassViolation } from '../../../lib/class-violations';
import { violationsOf } from '../../../lib/violations';

export interface StudentFormValues {
  firstName: string;
  lastName: string;
  code: string;
  avatar: Media | null;
}

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
  const form = useZodForm<StudentFormValues>(studentFields, { defaultValues: initial, body: studentBody });
  const [firstName, lastName] = useWatch({ control: form.control, name: ['firstName', 'lastName'] });
  const t = (id: string) => intl.formatMessage({ id });

  const submit = async (v: StudentFormValues) => {
    try {
      await onSave(v);
    } catch (err) {
      // A refusal of no rule is the class-write message of spec §8.
      if (violationsOf(err)) applyServerViolations(form, err);
      else toast.error(t('web_classes_error_manage'));
      return;
    }
    if (clearAfterSave) form.reset(emptyStudent());
    if (clearAfterSave) form.setFocus('firstName');
  };

  const text = (key: 'firstName' | 'lastName' | 'code', label: string, extra: Record<string, string | boolean> = {}) => (
    <FormTextField label={label} name={key} autoComplete="off" {...extra} />
  );

  return (
    <Form form={form} className="space-y-5" onSubmit={submit} translateMessage={translateClassViolation}>
      <FormError />
      <div className="grid gap-4 sm:grid-cols-2">
        {text('firstName', t('web_student_form_first_name'), { required: true })}
        {text('lastName', t('web_student_form_last_name'))}
      </div>
      {text('code', t('web_student_form_code'), { hint: t('web_student_form_code_hint') })}
      <FormField
        name="avatar"
        render={(f, error) => (
          <AvatarPicker
            label={t('web_student_form_avatar')}
            name={[firstName, lastName].filter(Boolean).join(' ') || '?'}
            value={f.value as Media | null}
            onChange={f.onChange}
            uploadType={MediaType.StudentAvatar}
            catalogueType={MediaType.PredefinedStudentAvatar}
            error={error}
          />
        )}
      />
      <FormActions submitLabel={submitLabel}>{footer}</FormActions>
    </Form>
  );
}

import { MediaType } from '@skillroom/contract/constants';
import { translationKey } from '@skillroom/contract/rules';
import { teachingClassCreateBody } from '@skillroom/contract/schemas';
import type { Media, Subscription } from '@skillroom/contract/types';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { AvatarPicker } from '../../../components/avatar-picker';
import { DateField } from '../../../components/ui/date-field';
import { PointsField } from '../../../entities/ratings/points-field';
import { RequiredNote } from '../../../components/ui/field';
import {
  applyServerViolations,
  Form,
  FormActions,
  FormError,
  FormField,
  FormSelectField,
  FormTextField,
  useZodForm,
} from '../../../components/ui/form';
import { translateClassViolation } from '../../../lib/class-violations';
import { violationsOf } from '../../../lib/violations';
import { useEducationLevels, useSubscriptions } from '../api/class-form-api';
import { allowsIndividual, attachableSubscriptions, classBody, classDateChecks, type ClassFormValues } from './class-form-state';
import { CoverageSettingsFields } from './coverage-settings-fields';
import { FormOfficeHoursField } from './office-hours-field';
import { ClassSettingSwitch } from './class-setting-switch';

interface Props {
  initial: ClassFormValues;
  /** The school the class belongs to, shown for information (it is the creator's). */
  schoolName: string | null;
  submitLabel: ReactNode;
  /** Sends the values; a 400 it throws comes back as errors next to the fields. */
  onSave: (values: ClassFormValues) => Promise<void>;
  footer?: ReactNode;
  /** A new class: a teacher with exactly one subscription gets it chosen for them. */
  preselectSubscription?: boolean;
}

export function ClassForm({ initial, schoolName, submitLabel, onSave, footer, preselectSubscription = false }: Props) {
  const intl = useIntl();
  // The class rules show as the teacher types (`onChange`): a field shows its problem once it has been changed.
  const form = useZodForm<ClassFormValues>(teachingClassCreateBody, {
    defaultValues: initial,
    mode: 'onChange',
    body: (v) => classBody(v),
    check: classDateChecks,
  });
  const [name, start, current] = useWatch({ control: form.control, name: ['name', 'start', 'subscription'] });
  const levels = useEducationLevels();
  const subs = useSubscriptions();
  const subscriptions = attachableSubscriptions(subs.data?.['hydra:member'] ?? [], initial.subscription);
  const individualSubs = subscriptions.filter(allowsIndividual);
  const t = (id: string) => intl.formatMessage({ id });
  const preselected = useRef(!preselectSubscription);
  useEffect(() => {
    if (preselected.current || !subs.data) return;
    preselected.current = true;
    const only = subscriptions.length === 1 ? subscriptions[0] : undefined;
    if (only && !form.getValues('subscription')) form.setValue('subscription', String(only.id));
  }, [subs.data, subscriptions, form]);

  const setIndividual = (on: boolean) => {
    const chosen = subscriptions.find((s) => String(s.id) === current);
    form.setValue('isIndividual', on, { shouldValidate: true });
    // An individual class needs a subscription that allows it: pick the first such one if the current does not.
    if (on && !(chosen && allowsIndividual(chosen)) && individualSubs[0]) form.setValue('subscription', String(individualSubs[0].id));
  };

  const submit = async (v: ClassFormValues) => {
    try {
      await onSave(v);
    } catch (err) {
      // A refusal of no rule is the class-write message of spec §8.
      if (violationsOf(err)) applyServerViolations(form, err);
      else toast.error(t('web_classes_error_manage'));
    }
  };

  const text = (key: 'name' | 'year' | 'grade' | 'term', label: string, extra: Record<string, string | boolean> = {}) => (
    <FormTextField label={label} name={key} {...extra} />
  );

  return (
    <Form form={form} className="space-y-5" onSubmit={submit} translateMessage={translateClassViolation}>
      <RequiredNote>{t('web_ui_required_note')}</RequiredNote>
      <FormError />
      {text('name', t('web_class_form_name'), { required: true, autoComplete: 'off' })}
      <div className="grid gap-4 sm:grid-cols-3">
        {text('year', t('web_class_form_year'), { required: true, inputMode: 'numeric' })}
        {text('grade', t('web_class_form_grade'))}
        {text('term', t('web_class_form_term'))}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          name="start"
          deps={['end']}
          render={(f, error) => (
            <DateField label={t('web_class_form_start')} name="start" required value={f.value} error={error} onChange={f.onChange} />
          )}
        />
        <FormField
          name="end"
          deps={['start']}
          render={(f, error) => (
            <DateField
              label={t('web_class_form_end')}
              name="end"
              required
              min={start}
              value={f.value}
              error={error}
              hint={initial.end ? undefined : t('web_class_form_end_hint')}
              onChange={f.onChange}
            />
          )}
        />
      </div>
      <FormField
        name="defaultPoints"
        render={(f) => (
          <PointsField
            label={t('web_capture_default_points')}
            hint={t('web_capture_default_points_hint')}
            value={f.value}
            onChange={f.onChange}
          />
        )}
      />
      <ClassSettingSwitch label={t('web_comments_class_setting')} hint={t('web_comments_class_setting_hint')} name="familyComments" />
      {/* DESIGN §12: the class's students (student accounts linked to their own place) rate themselves. */}
      <ClassSettingSwitch
        label={t('web_self_assessment_class_setting')}
        hint={t('web_self_assessment_class_setting_hint')}
        name="selfAssessment"
      />
      <CoverageSettingsFields />
      <FormOfficeHoursField />
      <FormSelectField
        name="educationLevel"
        label={t('web_class_form_education_level')}
        error={levels.error ? t('web_common_fetch_failed') : undefined}
        aria-busy={levels.isLoading || undefined}
      >
        <option value="">{t('web_class_form_not_specified')}</option>
        {levels.data?.['hydra:member'].map((l) => (
          <option key={l.id} value={String(l.id)}>
            {intl.formatMessage({ id: translationKey(l.translationKey), defaultMessage: l.translationKey })}
          </option>
        ))}
      </FormSelectField>
      <SubscriptionFields
        subscription={current}
        subscriptions={subscriptions}
        individualAllowed={individualSubs.length > 0}
        failed={Boolean(subs.error)}
        setIndividual={setIndividual}
      />
      <FormField
        name="avatar"
        render={(f, error) => (
          <AvatarPicker
            label={t('web_class_form_avatar')}
            name={name || '?'}
            value={f.value as Media | null}
            onChange={f.onChange}
            uploadType={MediaType.TeachingClassAvatar}
            catalogueType={MediaType.TeachingClassAvatar}
            error={error}
          />
        )}
      />
      {schoolName && (
        <p className="text-sm text-slate-700">
          <FormattedMessage id="web_class_form_school" values={{ school: <strong>{schoolName}</strong> }} />
        </p>
      )}
      <FormActions submitLabel={submitLabel}>{footer}</FormActions>
    </Form>
  );
}

interface SubscriptionProps {
  subscription: string;
  subscriptions: Subscription[];
  individualAllowed: boolean;
  failed: boolean;
  setIndividual: (on: boolean) => void;
}

/** The subscription (none allowed) and, for users whose subscription allows it, the individual switch. */
function SubscriptionFields({ subscription, subscriptions, individualAllowed, failed, setIndividual }: SubscriptionProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const id = useId();
  return (
    <>
      {(subscriptions.length > 0 || subscription) && (
        <FormSelectField name="subscription" label={t('web_class_form_subscription')}>
          <option value="">{t('web_class_form_no_subscription')}</option>
          {subscriptions.map((s) => (
            <option key={s.id} value={String(s.id)}>
              {s.name}
            </option>
          ))}
        </FormSelectField>
      )}
      {failed && <p className="text-sm text-red-700">{t('web_classes_error_subscriptions')}</p>}
      <FormField
        name="isIndividual"
        render={(f, error) =>
          (individualAllowed || f.value) && (
            <div className="space-y-1">
              <div className="flex items-start gap-3 text-sm text-slate-800">
                <input
                  id={`${id}-input`}
                  ref={f.ref}
                  type="checkbox"
                  className="mt-0.5 h-5 w-5 accent-teal-700"
                  checked={Boolean(f.value)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
                  onChange={(e) => setIndividual(e.target.checked)}
                />
                <div>
                  <label htmlFor={`${id}-input`} className="block font-medium">
                    {t('web_class_form_individual')}
                  </label>
                  <p id={`${id}-hint`} className="text-slate-600">
                    {t('web_class_form_individual_hint')}
                  </p>
                </div>
              </div>
              {error && (
                <p id={`${id}-error`} className="text-sm font-medium text-red-700">
                  {error}
                </p>
              )}
            </div>
          )
        }
      />
    </>
  );
}

import { MediaType } from '@skillroom/contract/constants';
import { translationKey } from '@skillroom/contract/rules';
import type { Subscription } from '@skillroom/contract/types';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { AvatarPicker } from '../../../components/avatar-picker';
import { FormErrors } from '../../../components/ui/alert';
import { FormActions } from '../../../components/ui/button';
import { DateField } from '../../../components/ui/date-field';
import { PointsField } from '../../../entities/ratings/points-field';
import { RequiredNote, SelectField, TextField } from '../../../components/ui/field';
import { useClassForm } from '../../../lib/use-class-form';
import type { FieldErrors } from '../../../lib/violations';
import { useEducationLevels, useSubscriptions } from '../api/class-form-api';
import { allowsIndividual, attachableSubscriptions, CLASS_FORM_FIELDS, validateClass, type ClassFormValues } from './class-form-state';
import { useLiveErrors } from './use-live-errors';
import { OfficeHoursField } from './office-hours-field';

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
  const commentsId = useId();
  const intl = useIntl();
  const [v, setV] = useState(initial);
  const { formRef, errors: submitted, busy, submit, otherError } = useClassForm(CLASS_FORM_FIELDS);
  const { errors, touch } = useLiveErrors(v, submitted);
  const levels = useEducationLevels();
  const subs = useSubscriptions();
  const subscriptions = attachableSubscriptions(subs.data?.['hydra:member'] ?? [], initial.subscription);
  const individualSubs = subscriptions.filter(allowsIndividual);
  const t = (id: string) => intl.formatMessage({ id });
  const [preselected, setPreselected] = useState(!preselectSubscription);
  if (!preselected && subs.data) {
    setPreselected(true);
    const only = subscriptions.length === 1 ? subscriptions[0] : undefined;
    if (only && !v.subscription) setV((old) => ({ ...old, subscription: String(only.id) }));
  }

  const set = <K extends keyof ClassFormValues>(key: K, value: ClassFormValues[K]) => {
    setV((old) => ({ ...old, [key]: value }));
    touch(key);
  };

  const setIndividual = (on: boolean) =>
    setV((old) => {
      const current = subscriptions.find((s) => String(s.id) === old.subscription);
      // An individual class needs a subscription that allows it: pick the first such one if the current does not.
      const subscription =
        on && !(current && allowsIndividual(current)) && individualSubs[0] ? String(individualSubs[0].id) : old.subscription;
      return { ...old, isIndividual: on, subscription };
    });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit(validateClass(v), () => onSave(v));
  };

  const text = (key: 'name' | 'year' | 'grade' | 'term', label: string, extra: Record<string, string | boolean> = {}) => (
    <TextField label={label} name={key} value={v[key]} error={errors[key]} onChange={(e) => set(key, e.target.value)} {...extra} />
  );

  return (
    <form ref={formRef} className="space-y-5" onSubmit={onSubmit} noValidate>
      <RequiredNote>{t('web_ui_required_note')}</RequiredNote>
      <FormErrors message={otherError} />
      {text('name', t('web_class_form_name'), { required: true, autoComplete: 'off' })}
      <div className="grid gap-4 sm:grid-cols-3">
        {text('year', t('web_class_form_year'), { required: true, inputMode: 'numeric' })}
        {text('grade', t('web_class_form_grade'))}
        {text('term', t('web_class_form_term'))}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <DateField
          label={t('web_class_form_start')}
          name="start"
          required
          value={v.start}
          error={errors.start}
          onChange={(d) => set('start', d)}
        />
        <DateField
          label={t('web_class_form_end')}
          name="end"
          required
          min={v.start}
          value={v.end}
          error={errors.end}
          hint={initial.end ? undefined : t('web_class_form_end_hint')}
          onChange={(d) => set('end', d)}
        />
      </div>
      <PointsField
        label={t('web_capture_default_points')}
        hint={t('web_capture_default_points_hint')}
        value={v.defaultPoints}
        onChange={(p) => set('defaultPoints', p)}
      />
      <div className="flex items-start gap-3 text-sm text-slate-800">
        <input
          id={commentsId}
          type="checkbox"
          name="familyComments"
          className="mt-0.5 h-5 w-5 accent-teal-700"
          checked={v.familyComments}
          aria-describedby={`${commentsId}-hint`}
          onChange={(e) => set('familyComments', e.target.checked)}
        />
        <div>
          <label htmlFor={commentsId} className="block font-medium">
            {t('web_comments_class_setting')}
          </label>
          <p id={`${commentsId}-hint`} className="text-slate-600">
            {t('web_comments_class_setting_hint')}
          </p>
        </div>
      </div>
      <OfficeHoursField value={v.officeHours} onChange={(o) => set('officeHours', o)} errors={errors} />
      <SelectField
        label={t('web_class_form_education_level')}
        value={v.educationLevel}
        error={errors.educationLevel ?? (levels.error ? t('web_common_fetch_failed') : undefined)}
        aria-busy={levels.isLoading || undefined}
        onChange={(e) => set('educationLevel', e.target.value)}
      >
        <option value="">{t('web_class_form_not_specified')}</option>
        {levels.data?.['hydra:member'].map((l) => (
          <option key={l.id} value={String(l.id)}>
            {intl.formatMessage({ id: translationKey(l.translationKey), defaultMessage: l.translationKey })}
          </option>
        ))}
      </SelectField>
      <SubscriptionFields
        v={v}
        errors={errors}
        subscriptions={subscriptions}
        individualAllowed={individualSubs.length > 0}
        failed={Boolean(subs.error)}
        set={set}
        setIndividual={setIndividual}
      />
      <AvatarPicker
        label={t('web_class_form_avatar')}
        name={v.name || '?'}
        value={v.avatar}
        onChange={(m) => set('avatar', m)}
        uploadType={MediaType.TeachingClassAvatar}
        catalogueType={MediaType.TeachingClassAvatar}
        error={errors.avatar}
      />
      {schoolName && (
        <p className="text-sm text-slate-700">
          <FormattedMessage id="web_class_form_school" values={{ school: <strong>{schoolName}</strong> }} />
        </p>
      )}
      <FormActions busy={busy} submitLabel={submitLabel}>
        {footer}
      </FormActions>
    </form>
  );
}

interface SubscriptionProps {
  v: ClassFormValues;
  errors: FieldErrors;
  subscriptions: Subscription[];
  individualAllowed: boolean;
  failed: boolean;
  set: (key: 'subscription', value: string) => void;
  setIndividual: (on: boolean) => void;
}

/** The subscription (none allowed) and, for users whose subscription allows it, the individual switch. */
function SubscriptionFields({ v, errors, subscriptions, individualAllowed, failed, set, setIndividual }: SubscriptionProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const id = useId();
  return (
    <>
      {(subscriptions.length > 0 || v.subscription) && (
        <SelectField
          label={t('web_class_form_subscription')}
          value={v.subscription}
          error={errors.subscription}
          onChange={(e) => set('subscription', e.target.value)}
        >
          <option value="">{t('web_class_form_no_subscription')}</option>
          {subscriptions.map((s) => (
            <option key={s.id} value={String(s.id)}>
              {s.name}
            </option>
          ))}
        </SelectField>
      )}
      {failed && <p className="text-sm text-red-700">{t('web_classes_error_subscriptions')}</p>}
      {(individualAllowed || v.isIndividual) && (
        <div className="space-y-1">
          <div className="flex items-start gap-3 text-sm text-slate-800">
            <input
              id={`${id}-input`}
              type="checkbox"
              className="mt-0.5 h-5 w-5 accent-teal-700"
              checked={v.isIndividual}
              aria-invalid={errors.isIndividual ? true : undefined}
              aria-describedby={errors.isIndividual ? `${id}-error ${id}-hint` : `${id}-hint`}
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
          {errors.isIndividual && (
            <p id={`${id}-error`} className="text-sm font-medium text-red-700">
              {errors.isIndividual}
            </p>
          )}
        </div>
      )}
    </>
  );
}

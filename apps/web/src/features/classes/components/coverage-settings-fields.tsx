import { COVERAGE_DAYS } from '@skillroom/contract/rules';
import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { FormTextField } from '../../../components/ui/form';

/**
 * The class settings of DESIGN §12 in the one class form: after how many days a student counts as not observed
 * (`coverageDays`) and whether students linked to their own place may rate themselves (`selfAssessment`).
 */
export function CoverageSettingsFields() {
  const intl = useIntl();
  const selfId = useId();
  const { register } = useFormContext();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <>
      <FormTextField
        name="coverageDays"
        label={t('web_class_form_coverage_days')}
        hint={intl.formatMessage({ id: 'web_class_form_coverage_days_hint' }, { min: COVERAGE_DAYS.min, max: COVERAGE_DAYS.max })}
        type="number"
        inputMode="numeric"
        min={COVERAGE_DAYS.min}
        max={COVERAGE_DAYS.max}
      />
      <div className="flex items-start gap-3 text-sm text-slate-800">
        <input
          id={selfId}
          type="checkbox"
          role="switch"
          className="mt-0.5 h-5 w-5 accent-teal-700"
          aria-describedby={`${selfId}-hint`}
          {...register('selfAssessment')}
        />
        <div>
          <label htmlFor={selfId} className="block font-medium">
            {t('web_class_form_self_rating')}
          </label>
          <p id={`${selfId}-hint`} className="text-slate-600">
            {t('web_class_form_self_rating_hint')}
          </p>
        </div>
      </div>
    </>
  );
}

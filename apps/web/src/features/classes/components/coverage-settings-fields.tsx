import { COVERAGE_DAYS } from '@skillroom/contract/rules';
import { useIntl } from 'react-intl';
import { FormTextField } from '../../../components/ui/form';

/** The class setting of DESIGN §12 in the one class form: after how many days a student counts as not observed. */
export function CoverageSettingsFields() {
  const intl = useIntl();
  return (
    <FormTextField
      name="coverageDays"
      label={intl.formatMessage({ id: 'web_class_form_coverage_days' })}
      hint={intl.formatMessage({ id: 'web_class_form_coverage_days_hint' }, { min: COVERAGE_DAYS.min, max: COVERAGE_DAYS.max })}
      type="number"
      inputMode="numeric"
      min={COVERAGE_DAYS.min}
      max={COVERAGE_DAYS.max}
    />
  );
}

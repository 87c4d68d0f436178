import { FAMILY_QUIET_HOURS } from '@skillroom/contract/rules';
import { userPatchBody } from '@skillroom/contract/schemas';
import type { User, UserPatchBody } from '@skillroom/contract/types';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { Form, FormCheckInput, FormError, FormSelectField, SubmitButton, useZodForm } from '../../../components/ui/form';
import { FormTimeField } from '../../../components/ui/form-time-field';
import { CardSection } from '../../../components/ui/page';
import { useCurrentUser } from '../../../lib/current-user';
import { patchUser } from '../api/profile-api';

/** The zones this browser knows, the user's own first when the list lacks it (an older browser). */
function zonesWith(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}

/**
 * Quiet hours (DESIGN §11): push and e-mail wait from start to end in the chosen zone; the list of notifications is
 * not affected. Families start with 20:00–07:00; "Never quiet" clears both times.
 */
interface Values {
  on: boolean;
  quietHoursStart: string;
  quietHoursEnd: string;
  timeZone: string;
}

const bodyOf = (v: Values): UserPatchBody => ({
  quietHoursStart: v.on ? v.quietHoursStart : null,
  quietHoursEnd: v.on ? v.quietHoursEnd : null,
  timeZone: v.timeZone,
});

export function QuietHoursSection({ user }: { user: User }) {
  const intl = useIntl();
  const { setUser } = useCurrentUser();
  const hintId = useId();
  const form = useZodForm<Values>(userPatchBody, {
    defaultValues: {
      on: user.quietHoursStart !== null && user.quietHoursEnd !== null,
      quietHoursStart: user.quietHoursStart ?? FAMILY_QUIET_HOURS.start,
      quietHoursEnd: user.quietHoursEnd ?? FAMILY_QUIET_HOURS.end,
      timeZone: user.timeZone,
    },
    body: bodyOf,
  });
  const on = useWatch({ control: form.control, name: 'on' });
  const submit = async (v: Values) => {
    setUser(await patchUser(user.id, bodyOf(v)));
    toast.success(intl.formatMessage({ id: 'web_quiet_hours_saved' }));
  };

  return (
    <CardSection title={<FormattedMessage id="web_quiet_hours_title" />}>
      <Form form={form} className="space-y-4" onSubmit={submit} data-testid="quiet-hours">
        <p id={hintId} className="text-sm text-slate-600">
          <FormattedMessage id="web_quiet_hours_hint" />
        </p>
        <FormError />
        <label className="flex min-h-11 items-center gap-3">
          <FormCheckInput name="on" className="size-5" aria-describedby={hintId} />
          <FormattedMessage id="web_quiet_hours_on" />
        </label>
        {on && (
          <div className="grid gap-4 sm:grid-cols-2">
            <FormTimeField name="quietHoursStart" label={intl.formatMessage({ id: 'web_quiet_hours_start' })} required />
            <FormTimeField name="quietHoursEnd" label={intl.formatMessage({ id: 'web_quiet_hours_end' })} required />
          </div>
        )}
        <FormSelectField name="timeZone" label={intl.formatMessage({ id: 'web_quiet_hours_time_zone' })}>
          {zonesWith(user.timeZone).map((z) => (
            <option key={z} value={z}>
              {z.replaceAll('_', ' ')}
            </option>
          ))}
        </FormSelectField>
        <SubmitButton>
          <FormattedMessage id="web_quiet_hours_save" />
        </SubmitButton>
      </Form>
    </CardSection>
  );
}

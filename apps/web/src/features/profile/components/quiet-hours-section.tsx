import { FAMILY_QUIET_HOURS } from '@skillroom/contract/rules';
import { userPatchBody } from '@skillroom/contract/schemas';
import type { User, UserPatchBody } from '@skillroom/contract/types';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { CardSection } from '../../../components/ui/page';
import { useCurrentUser } from '../../../lib/current-user';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { useSubmit } from '../../../lib/use-submit';
import { refusalShown, zodFieldErrors } from '../../../lib/violations';
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
export function QuietHoursSection({ user }: { user: User }) {
  const intl = useIntl();
  const { setUser } = useCurrentUser();
  const hintId = useId();
  const [on, setOn] = useState(user.quietHoursStart !== null && user.quietHoursEnd !== null);
  const [start, setStart] = useState(user.quietHoursStart ?? FAMILY_QUIET_HOURS.start);
  const [end, setEnd] = useState(user.quietHoursEnd ?? FAMILY_QUIET_HOURS.end);
  const [timeZone, setTimeZone] = useState(user.timeZone);
  const body: UserPatchBody = { quietHoursStart: on ? start : null, quietHoursEnd: on ? end : null, timeZone };
  const { errors, setErrors } = useFieldErrors(body, (b) => {
    const local = userPatchBody.safeParse(b);
    return local.success ? {} : zodFieldErrors(intl, local.error);
  });
  const { busy, run } = useSubmit(setErrors);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(
      async () => {
        setUser(await patchUser(user.id, body));
        toast.success(intl.formatMessage({ id: 'web_quiet_hours_saved' }));
      },
      refusalShown(intl, setErrors),
    );
  };

  return (
    <CardSection title={<FormattedMessage id="web_quiet_hours_title" />}>
      <form className="space-y-4" onSubmit={submit} noValidate data-testid="quiet-hours">
        <p id={hintId} className="text-sm text-slate-600">
          <FormattedMessage id="web_quiet_hours_hint" />
        </p>
        {errors[''] && <Alert>{errors['']}</Alert>}
        <label className="flex min-h-11 items-center gap-3">
          <input type="checkbox" className="size-5" checked={on} onChange={(e) => setOn(e.target.checked)} aria-describedby={hintId} />
          <FormattedMessage id="web_quiet_hours_on" />
        </label>
        {on && (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              type="time"
              label={intl.formatMessage({ id: 'web_quiet_hours_start' })}
              value={start}
              error={errors.quietHoursStart}
              onChange={(e) => setStart(e.target.value)}
              required
            />
            <TextField
              type="time"
              label={intl.formatMessage({ id: 'web_quiet_hours_end' })}
              value={end}
              error={errors.quietHoursEnd}
              onChange={(e) => setEnd(e.target.value)}
              required
            />
          </div>
        )}
        <SelectField
          label={intl.formatMessage({ id: 'web_quiet_hours_time_zone' })}
          value={timeZone}
          error={errors.timeZone}
          onChange={(e) => setTimeZone(e.target.value)}
        >
          {zonesWith(user.timeZone).map((z) => (
            <option key={z} value={z}>
              {z.replaceAll('_', ' ')}
            </option>
          ))}
        </SelectField>
        <Button type="submit" busy={busy}>
          <FormattedMessage id="web_quiet_hours_save" />
        </Button>
      </form>
    </CardSection>
  );
}

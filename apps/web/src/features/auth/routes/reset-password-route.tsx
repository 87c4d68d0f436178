import { resetPasswordBody } from '@skillroom/contract';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Card } from '../../../components/ui/page';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { apiFieldErrors, zodFieldErrors, type FieldErrors } from '../../../lib/violations';
import { resetPassword } from '../api/auth-api';

export function ResetPasswordRoute() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  /** The form's own check: the password's rules, then the confirmation matching it. */
  const check = (v: { plainPassword: string; confirm: string }): FieldErrors => {
    const local = resetPasswordBody.safeParse({ token, plainPassword: v.plainPassword });
    const found = local.success ? {} : zodFieldErrors(intl, local.error);
    if (v.plainPassword !== v.confirm) found.confirm = intl.formatMessage({ id: 'web_reset_mismatch' });
    return found;
  };
  const { errors, setErrors } = useFieldErrors({ plainPassword: password, confirm }, check);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = check({ plainPassword: password, confirm });
    if (Object.keys(found).length) return setErrors(found);
    setBusy(true);
    setErrors({});
    try {
      await resetPassword(token, password);
      setDone(true);
    } catch (err) {
      setErrors(apiFieldErrors(intl, err, intl.formatMessage({ id: 'web_common_fetch_failed' })));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <h1 className="mb-4 text-2xl font-bold">
        <FormattedMessage id="web_reset_title" />
      </h1>
      {!token ? (
        <Alert>
          <FormattedMessage id="web_reset_no_token" />
        </Alert>
      ) : done ? (
        <Alert tone="success">
          <FormattedMessage id="web_reset_done" />
        </Alert>
      ) : (
        <form className="space-y-4" onSubmit={submit} noValidate>
          {(errors[''] || errors.token) && <Alert>{errors[''] ?? errors.token}</Alert>}
          <TextField label={intl.formatMessage({ id: 'web_reset_new' })} type="password" autoComplete="new-password" value={password} error={errors.plainPassword} onChange={(e) => setPassword(e.target.value)} />
          <TextField label={intl.formatMessage({ id: 'web_reset_confirm' })} type="password" autoComplete="new-password" value={confirm} error={errors.confirm} onChange={(e) => setConfirm(e.target.value)} />
          <Button type="submit" busy={busy} className="w-full">
            <FormattedMessage id="web_reset_submit" />
          </Button>
        </form>
      )}
      <p className="mt-4 text-sm">
        <Link to="/sign-in/" className="text-teal-800 underline">
          <FormattedMessage id="web_common_back_to_sign_in" />
        </Link>
      </p>
    </Card>
  );
}

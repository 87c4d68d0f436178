import { resetPasswordBody } from '@skillroom/contract/schemas';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Card } from '../../../components/ui/page';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { useSubmit } from '../../../lib/use-submit';
import { refusalShown, zodFieldErrors, type FieldErrors } from '../../../lib/violations';
import { resetPassword } from '../api/auth-api';
import { BackToSignIn } from '../components/back-to-sign-in';

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
  const { busy, run } = useSubmit(setErrors);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await run(
      async () => {
        await resetPassword(token, password);
        setDone(true);
      },
      refusalShown(intl, setErrors),
      check({ plainPassword: password, confirm }),
    );
  };

  const newPassword = (label: string, value: string, error: string | undefined, set: (value: string) => void) => (
    <TextField
      label={intl.formatMessage({ id: label })}
      type="password"
      autoComplete="new-password"
      value={value}
      error={error}
      onChange={(e) => set(e.target.value)}
    />
  );

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
          {newPassword('web_reset_new', password, errors.plainPassword, setPassword)}
          {newPassword('web_reset_confirm', confirm, errors.confirm, setConfirm)}
          <Button type="submit" busy={busy} className="w-full">
            <FormattedMessage id="web_reset_submit" />
          </Button>
        </form>
      )}
      <BackToSignIn />
    </Card>
  );
}

import { forgotPasswordParams } from '@skillroom/contract/schemas';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Card } from '../../../components/ui/page';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { useSubmit } from '../../../lib/use-submit';
import { refusalShown, zodFieldErrors } from '../../../lib/violations';
import { requestPasswordReset } from '../api/auth-api';
import { BackToSignIn } from '../components/back-to-sign-in';

export function ForgotPasswordRoute() {
  const intl = useIntl();
  const [email, setEmail] = useState('');
  const { errors, setErrors } = useFieldErrors({ email }, (v) => {
    const local = forgotPasswordParams.safeParse(v);
    return local.success ? {} : zodFieldErrors(intl, local.error);
  });
  const [sent, setSent] = useState(false);
  const { busy, run } = useSubmit(setErrors);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local = forgotPasswordParams.safeParse({ email });
    if (!local.success) return setErrors(zodFieldErrors(intl, local.error));
    await run(
      async () => {
        await requestPasswordReset(local.data.email);
        setSent(true);
      },
      refusalShown(intl, setErrors),
    );
  };

  return (
    <Card>
      <h1 className="mb-2 text-2xl font-bold">
        <FormattedMessage id="web_forgot_title" />
      </h1>
      {sent ? (
        <Alert tone="success">
          <FormattedMessage id="web_forgot_sent" values={{ email }} />
        </Alert>
      ) : (
        <form className="space-y-4" onSubmit={submit} noValidate>
          <p className="text-sm text-slate-700">
            <FormattedMessage id="web_forgot_intro" />
          </p>
          {errors[''] && <Alert>{errors['']}</Alert>}
          <TextField
            label={intl.formatMessage({ id: 'web_sign_up_email' })}
            type="email"
            autoComplete="email"
            value={email}
            error={errors.email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Button type="submit" busy={busy} className="w-full">
            <FormattedMessage id="web_forgot_submit" />
          </Button>
        </form>
      )}
      <BackToSignIn />
    </Card>
  );
}

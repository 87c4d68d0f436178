import { resetPasswordBody } from '@skillroom/contract/schemas';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Form, FormError, FormTextField, SubmitButton, useZodForm } from '../../../components/ui/form';
import { Card } from '../../../components/ui/page';
import { resetPassword } from '../api/auth-api';
import { BackToSignIn } from '../components/back-to-sign-in';

interface Values {
  plainPassword: string;
  confirm: string;
}

export function ResetPasswordRoute() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // The password's rules, then the confirmation matching it; a refused token is the form's error (it has no field).
  const form = useZodForm<Values>(resetPasswordBody, {
    defaultValues: { plainPassword: '', confirm: '' },
    body: (v) => ({ token, plainPassword: v.plainPassword }),
    check: (v): Record<string, string> => (v.plainPassword !== v.confirm ? { confirm: 'web_reset_mismatch' } : {}),
  });
  const [done, setDone] = useState(false);

  const newPassword = (name: keyof Values, label: string) => (
    <FormTextField name={name} label={intl.formatMessage({ id: label })} type="password" autoComplete="new-password" />
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
        <Form
          form={form}
          className="space-y-4"
          onSubmit={async (v) => {
            await resetPassword(token, v.plainPassword);
            setDone(true);
          }}
        >
          <FormError />
          {newPassword('plainPassword', 'web_reset_new')}
          {newPassword('confirm', 'web_reset_confirm')}
          <SubmitButton className="w-full">
            <FormattedMessage id="web_reset_submit" />
          </SubmitButton>
        </Form>
      )}
      <BackToSignIn />
    </Card>
  );
}

import { forgotPasswordParams } from '@skillroom/contract/schemas';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert } from '../../../components/ui/alert';
import { Form, FormError, FormTextField, SubmitButton, useZodForm } from '../../../components/ui/form';
import { Card } from '../../../components/ui/page';
import { requestPasswordReset } from '../api/auth-api';
import { BackToSignIn } from '../components/back-to-sign-in';

export function ForgotPasswordRoute() {
  const intl = useIntl();
  const form = useZodForm(forgotPasswordParams, { defaultValues: { email: '' } });
  const [sent, setSent] = useState<string | null>(null);

  return (
    <Card>
      <h1 className="mb-2 text-2xl font-bold">
        <FormattedMessage id="web_forgot_title" />
      </h1>
      {sent !== null ? (
        <Alert tone="success">
          <FormattedMessage id="web_forgot_sent" values={{ email: sent }} />
        </Alert>
      ) : (
        <Form
          form={form}
          className="space-y-4"
          onSubmit={async ({ email }) => {
            await requestPasswordReset(email.trim());
            setSent(email);
          }}
        >
          <p className="text-sm text-slate-700">
            <FormattedMessage id="web_forgot_intro" />
          </p>
          <FormError />
          <FormTextField name="email" label={intl.formatMessage({ id: 'web_sign_up_email' })} type="email" autoComplete="email" />
          <SubmitButton className="w-full">
            <FormattedMessage id="web_forgot_submit" />
          </SubmitButton>
        </Form>
      )}
      <BackToSignIn />
    </Card>
  );
}

import { ErrorText } from '@skillroom/contract/messages';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Form, FormError, FormTextField, setFormError, SubmitButton, useZodForm } from '../../../components/ui/form';
import { LanguageSelect } from '../../../components/ui/language-select';
import { Card } from '../../../components/ui/page';
import { track } from '../../../lib/analytics';
import { takeAccountDeleted } from '../../../lib/account-deleted';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { signIn } from '../api/auth-api';
import { DemoAccounts } from '../components/demo-accounts';

/** Only same-app paths are followed after sign-in, never another site. */
export const safeNext = (next: string | null) => (next && next.startsWith('/') && !next.startsWith('//') ? next : '/');

export function SignInRoute() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { status, reload } = useCurrentUser();
  // No schema and only the form's own error: sign-in never says which field was wrong.
  const form = useZodForm(null, { defaultValues: { username: '', password: '' } });

  // Arrived from "Delete my account" (the logout redirect in between): say that it is done.
  useEffect(() => {
    if (takeAccountDeleted()) toast.success(intl.formatMessage({ id: 'web_account_delete_done' }));
  }, [intl]);

  if (status === 'loaded') return <Navigate to={safeNext(params.get('next'))} replace />;

  const submit = async ({ username, password }: { username: string; password: string }) => {
    try {
      await signIn(username.trim(), password);
    } catch (err) {
      const bad = err instanceof ApiError && (err.status === 401 || err.message === ErrorText.invalidCredentials);
      const tooMany = err instanceof ApiError && err.status === 429;
      return setFormError(form, bad ? 'web_sign_in_invalid' : tooMany ? 'web_common_too_many' : 'web_common_fetch_failed');
    }
    await reload();
    void track({ name: 'sign_in' });
    void navigate(safeNext(params.get('next')), { replace: true });
  };

  return (
    <div className="space-y-6">
      <Card>
        <h1 className="mb-4 text-2xl font-bold">
          <FormattedMessage id="web_sign_in_title" />
        </h1>
        <Form form={form} className="space-y-4" onSubmit={submit}>
          <FormError />
          <FormTextField label={intl.formatMessage({ id: 'web_sign_in_username' })} name="username" autoComplete="username" required />
          <FormTextField
            label={intl.formatMessage({ id: 'web_sign_in_password' })}
            name="password"
            type="password"
            autoComplete="current-password"
            required
          />
          <SubmitButton className="w-full">
            <FormattedMessage id="web_sign_in_submit" />
          </SubmitButton>
        </Form>
        <div className="mt-4 flex flex-wrap justify-between gap-2 text-sm">
          <Link to="/forgot-password" className="text-teal-800 underline">
            <FormattedMessage id="web_sign_in_forgot" />
          </Link>
          <Link
            to={params.get('next') ? `/sign-up?next=${encodeURIComponent(safeNext(params.get('next')))}` : '/sign-up'}
            className="text-teal-800 underline"
          >
            <FormattedMessage id="web_sign_in_create_account" />
          </Link>
        </div>
      </Card>
      <LanguageSelect />
      {/* Last, so that nothing moves when the demo accounts arrive with the server's configuration. */}
      <DemoAccounts
        onPick={(u, p) => {
          form.setValue('username', u);
          form.setValue('password', p);
        }}
      />
    </div>
  );
}

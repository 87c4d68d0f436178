import { ACCOUNT_TYPES, type AccountType } from '@skillroom/contract/constants';
import { PRIVACY_MESSAGES } from '@skillroom/contract/rules';
import { signUpFormBody } from '@skillroom/contract/schemas';
import type { SignUpBody } from '@skillroom/contract/types';
import { useId, type Ref } from 'react';
import { useWatch } from 'react-hook-form';
import { FormattedMessage, type IntlShape } from 'react-intl';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { LegalLink } from '../../../components/legal-link';
import { OwnDetailField } from '../../../components/own-detail-field';
import { SchoolPicker, type SchoolChoice } from '../../../components/school-picker';
import { Alert } from '../../../components/ui/alert';
import { Form, FormCheckInput, FormError, FormField, SubmitButton, useZodForm } from '../../../components/ui/form';
import { LanguageSelect } from '../../../components/ui/language-select';
import { Card } from '../../../components/ui/page';
import { track } from '../../../lib/analytics';
import { useCurrentUser } from '../../../lib/current-user';
import { useLocale } from '../../../lib/i18n';
import { translateViolation } from '../../../lib/violations';
import { signIn, signUp } from '../api/auth-api';
import { safeNext } from './sign-in-route';

type Text = 'username' | 'email' | 'plainPassword' | 'firstName' | 'lastName' | 'phone' | 'occupation';
type Values = Record<Text, string> & { accountTypeRadio: AccountType; school: SchoolChoice; privacyPolicyAgreed: boolean };

/** The privacy rule's own text is the sign-up's to word. */
const translate = (intl: IntlShape, message: string) =>
  message === PRIVACY_MESSAGES.agree ? intl.formatMessage({ id: 'web_privacy_sign_up_required' }) : translateViolation(intl, message);

export function SignUpRoute() {
  const navigate = useNavigate();
  const { locale } = useLocale();
  const { status, reload } = useCurrentUser();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  // Arrived from a family letter's link (its page hands the code on): most likely a parent, and the code is kept in `next`.
  const linkCode = (useLocation().state as { linkCode?: string } | null)?.linkCode ?? null;
  const agreeId = useId();
  const body = (v: Values): SignUpBody => {
    const teacher = v.accountTypeRadio === 'teacher';
    return {
      username: v.username,
      email: v.email,
      plainPassword: v.plainPassword,
      firstName: v.firstName,
      lastName: v.lastName,
      phone: v.phone,
      occupation: v.accountTypeRadio === 'other_user' ? v.occupation : null,
      accountTypeRadio: v.accountTypeRadio,
      preferredLanguage: locale,
      // Only a teacher names a school (DESIGN §8: a parent's sign-up asks for none).
      school: teacher ? (v.school?.id ?? null) : null,
      schoolName: teacher && v.school && v.school.id === null ? v.school.name : null,
      privacyPolicyAgreed: v.privacyPolicyAgreed,
      // Families' quiet hours count in it (DESIGN §11).
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    };
  };
  const form = useZodForm<Values>(signUpFormBody, {
    defaultValues: {
      username: '',
      email: '',
      plainPassword: '',
      firstName: '',
      lastName: '',
      phone: '',
      occupation: '',
      accountTypeRadio: linkCode !== null ? 'parent_user' : 'teacher',
      school: null,
      privacyPolicyAgreed: false,
    },
    body,
    paths: { schoolName: 'school' },
  });
  const accountType = useWatch({ control: form.control, name: 'accountTypeRadio' });

  const teacher = accountType === 'teacher';
  if (status === 'loaded') return <Navigate to={next} replace />;

  const field = (name: Text, type = 'text', autoComplete?: string, required = true) => (
    <OwnDetailField {...{ name, type, autoComplete, required }} />
  );

  const submit = async (v: Values) => {
    await signUp(body(v));
    await signIn(v.username.trim(), v.plainPassword);
    await reload();
    void track({ name: 'sign_up', properties: { accountType: v.accountTypeRadio } });
    void navigate(next, { replace: true });
  };

  return (
    <div className="space-y-6">
      <Card>
        <h1 className="mb-4 text-2xl font-bold">
          <FormattedMessage id="web_sign_up_title" />
        </h1>
        {linkCode && (
          <div className="mb-4">
            <Alert tone="info">
              <FormattedMessage id="web_sign_up_link_pending" values={{ code: linkCode }} />
            </Alert>
          </div>
        )}
        <Form form={form} className="space-y-4" onSubmit={submit} translateMessage={translate}>
          <FormError />
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-800">
              <FormattedMessage id="web_sign_up_account_type" />
            </legend>
            {ACCOUNT_TYPES.map((t) => (
              <label key={t} className="flex items-center gap-2">
                <FormCheckInput name="accountTypeRadio" value={t} />
                <FormattedMessage id={`web_account_type_${t}`} />
              </label>
            ))}
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            {field('firstName', 'text', 'given-name')}
            {field('lastName', 'text', 'family-name')}
          </div>
          {field('username', 'text', 'username')}
          {field('email', 'email', 'email')}
          {field('plainPassword', 'password', 'new-password')}
          {teacher && (
            <FormField name="school" render={(f, error) => <SchoolPicker value={f.value} onChange={f.onChange} error={error} />} />
          )}
          {field('phone', 'tel', 'tel', false)}
          {accountType === 'other_user' && field('occupation', 'text', 'organization-title', false)}
          <FormField
            name="privacyPolicyAgreed"
            render={({ value, onChange, onBlur, ref }, error) => (
              <AgreeField id={agreeId} checked={Boolean(value)} onChange={onChange} onBlur={onBlur} inputRef={ref} error={error} />
            )}
          />
          <SubmitButton className="w-full">
            <FormattedMessage id="web_sign_up_submit" />
          </SubmitButton>
        </Form>
        <p className="mt-4 text-sm">
          <FormattedMessage id="web_sign_up_have_account" />{' '}
          <Link to={next === '/' ? '/sign-in/' : `/sign-in/?next=${encodeURIComponent(next)}`} className="text-teal-800 underline">
            <FormattedMessage id="web_sign_in_submit" />
          </Link>
        </p>
      </Card>
      <LanguageSelect />
    </div>
  );
}

interface AgreeProps {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  onBlur: () => void;
  inputRef: Ref<HTMLInputElement>;
  error: string | undefined;
}

/** The privacy policy's checkbox, its link beside the label. */
function AgreeField({ id, checked, onChange, onBlur, inputRef, error }: AgreeProps) {
  return (
    <div className="space-y-1">
      <div className="flex items-start gap-3">
        <input
          id={id}
          ref={inputRef}
          name="privacyPolicyAgreed"
          type="checkbox"
          required
          className="mt-0.5 h-5 w-5 shrink-0 accent-teal-700"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.checked)}
          onBlur={onBlur}
        />
        <div className="text-sm">
          <label htmlFor={id} className="font-medium text-slate-800">
            <FormattedMessage id="web_privacy_sign_up_agree" />
            <span aria-hidden="true" className="text-red-700">
              {' '}
              *
            </span>
          </label>{' '}
          <LegalLink page="privacy" className="text-teal-800 underline">
            <FormattedMessage id="web_privacy_read_full" />
          </LegalLink>
        </div>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

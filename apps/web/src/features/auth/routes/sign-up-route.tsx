import { ACCOUNT_TYPES, type AccountType } from '@skillroom/contract/constants';
import { PRIVACY_MESSAGES } from '@skillroom/contract/rules';
import { signUpFormBody } from '@skillroom/contract/schemas';
import type { SignUpBody } from '@skillroom/contract/types';
import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { LegalLink } from '../../../components/legal-link';
import { OwnDetailField } from '../../../components/own-detail-field';
import { SchoolPicker, type SchoolChoice } from '../../../components/school-picker';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LanguageSelect } from '../../../components/ui/language-select';
import { Card } from '../../../components/ui/page';
import { track } from '../../../lib/analytics';
import { useCurrentUser } from '../../../lib/current-user';
import { useLocale } from '../../../lib/i18n';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { useSubmit } from '../../../lib/use-submit';
import { refusalShown, zodFieldErrors, type FieldErrors } from '../../../lib/violations';
import { signIn, signUp } from '../api/auth-api';
import { safeNext } from './sign-in-route';

type Text = 'username' | 'email' | 'plainPassword' | 'firstName' | 'lastName' | 'phone' | 'occupation';

export function SignUpRoute() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { locale } = useLocale();
  const { status, reload } = useCurrentUser();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  // Arrived from a family letter's link (its page hands the code on): most likely a parent, and the code is kept in `next`.
  const linkCode = (useLocation().state as { linkCode?: string } | null)?.linkCode ?? null;
  const [form, setForm] = useState<Record<Text, string>>({
    username: '',
    email: '',
    plainPassword: '',
    firstName: '',
    lastName: '',
    phone: '',
    occupation: '',
  });
  const [accountType, setAccountType] = useState<AccountType>(linkCode !== null ? 'parent_user' : 'teacher');
  const [school, setSchool] = useState<SchoolChoice>(null);
  const [agreed, setAgreed] = useState(false);
  const agreeId = useId();
  const body: SignUpBody = {
    ...form,
    occupation: accountType === 'other_user' ? form.occupation : null,
    accountTypeRadio: accountType,
    preferredLanguage: locale,
    // Only a teacher names a school (DESIGN §8: a parent's sign-up asks for none).
    school: accountType === 'teacher' ? (school?.id ?? null) : null,
    schoolName: accountType === 'teacher' && school && school.id === null ? school.name : null,
    privacyPolicyAgreed: agreed,
    // Families' quiet hours count in it (DESIGN §11).
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
  /** The form's own check of what would be sent, in the reader's words. */
  const check = (b: SignUpBody): FieldErrors => {
    const local = signUpFormBody.safeParse(b);
    if (local.success) return {};
    const found = zodFieldErrors(intl, local.error);
    if (found.privacyPolicyAgreed === PRIVACY_MESSAGES.agree)
      found.privacyPolicyAgreed = intl.formatMessage({ id: 'web_privacy_sign_up_required' });
    return found;
  };
  const { errors, setErrors } = useFieldErrors(body, check);
  const { busy, run } = useSubmit(setErrors);

  const teacher = accountType === 'teacher';
  if (status === 'loaded') return <Navigate to={next} replace />;

  const field = (name: Text, type = 'text', autoComplete?: string, required = true) => (
    <OwnDetailField {...{ name, type, autoComplete, required }} values={form} onValues={setForm} error={errors[name]} />
  );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await run(
      async () => {
        await signUp(body);
        await signIn(form.username.trim(), form.plainPassword);
        await reload();
        void track({ name: 'sign_up', properties: { accountType } });
        void navigate(next, { replace: true });
      },
      refusalShown(intl, setErrors),
      check(body),
    );
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
        <form className="space-y-4" onSubmit={submit} noValidate>
          {errors[''] && <Alert>{errors['']}</Alert>}
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-800">
              <FormattedMessage id="web_sign_up_account_type" />
            </legend>
            {ACCOUNT_TYPES.map((t) => (
              <label key={t} className="flex items-center gap-2">
                <input type="radio" name="accountTypeRadio" value={t} checked={accountType === t} onChange={() => setAccountType(t)} />
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
          {teacher && <SchoolPicker value={school} onChange={setSchool} error={errors.school ?? errors.schoolName} />}
          {field('phone', 'tel', 'tel', false)}
          {accountType === 'other_user' && field('occupation', 'text', 'organization-title', false)}
          <div className="space-y-1">
            <div className="flex items-start gap-3">
              <input
                id={agreeId}
                name="privacyPolicyAgreed"
                type="checkbox"
                required
                className="mt-0.5 h-5 w-5 shrink-0 accent-teal-700"
                checked={agreed}
                aria-invalid={errors.privacyPolicyAgreed ? true : undefined}
                aria-describedby={errors.privacyPolicyAgreed ? `${agreeId}-error` : undefined}
                onChange={(e) => setAgreed(e.target.checked)}
              />
              <div className="text-sm">
                <label htmlFor={agreeId} className="font-medium text-slate-800">
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
            {errors.privacyPolicyAgreed && (
              <p id={`${agreeId}-error`} className="text-sm font-medium text-red-700">
                {errors.privacyPolicyAgreed}
              </p>
            )}
          </div>
          <Button type="submit" busy={busy} className="w-full">
            <FormattedMessage id="web_sign_up_submit" />
          </Button>
        </form>
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

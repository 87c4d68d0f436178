import { ACCOUNT_TYPES, MediaType, type AccountType } from '@skillroom/contract/constants';
import { schoolCreateBody, userPatchBody } from '@skillroom/contract/schemas';
import type { Media, School, User, UserPatchBody } from '@skillroom/contract/types';
import { useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { AvatarPicker } from '../../../components/avatar-picker';
import { OwnDetailField } from '../../../components/own-detail-field';
import { SchoolPicker, type SchoolChoice } from '../../../components/school-picker';
import { TextField } from '../../../components/ui/field';
import {
  applyServerViolations,
  Form,
  FormError,
  FormField,
  FormSelectField,
  FormTextField,
  SubmitButton,
  useZodForm,
} from '../../../components/ui/form';
import { LanguageSelect } from '../../../components/ui/language-select';
import { Card, Page } from '../../../components/ui/page';
import { track, useScreenView } from '../../../lib/analytics';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { violationsOf } from '../../../lib/violations';
import { ensureSchool, patchUser } from '../api/profile-api';
import { DeleteAccountSection } from '../components/delete-account-section';
import { EmailDigestSection } from '../components/email-digest-section';
import { QuietHoursSection } from '../components/quiet-hours-section';

const schoolOf = (u: User): SchoolChoice =>
  u.school && typeof u.school === 'object' ? { id: (u.school as School).id, name: (u.school as School).name } : null;
const mediaOf = (u: User): Media | null => (u.avatar && typeof u.avatar === 'object' ? u.avatar : null);

export function ProfileEditRoute() {
  useScreenView('Edit Own Profile');
  const { user } = useCurrentUser();
  // The shell renders screens only once the user is loaded.
  return user ? <ProfileForm user={user} key={user.id} /> : null;
}

interface Values {
  firstName: string;
  lastName: string;
  phone: string;
  occupation: string;
  accountTypeRadio: AccountType;
  school: SchoolChoice;
  avatar: Media | null;
  plainPassword: string;
  currentPassword: string;
}

const bodyOf = (v: Values): UserPatchBody => ({
  firstName: v.firstName,
  lastName: v.lastName,
  phone: v.phone,
  // Spec §5: occupation only for other_user, otherwise null.
  occupation: v.accountTypeRadio === 'other_user' ? v.occupation : null,
  accountTypeRadio: v.accountTypeRadio,
  avatar: v.avatar ? v.avatar['@id'] : null,
  school: v.school?.id ?? null,
  ...(v.plainPassword ? { plainPassword: v.plainPassword, currentPassword: v.currentPassword } : {}),
});

/** A school typed and not in the list is created on saving: its name is checked as the server will. */
const schoolNameCheck = (v: Values): Record<string, string> => {
  const named = v.school?.id === null ? schoolCreateBody.safeParse({ name: v.school.name }) : null;
  return named && !named.success ? { school: named.error.issues[0]?.message ?? 'web_error_user_patch' } : {};
};

function ProfileForm({ user }: { user: User }) {
  const intl = useIntl();
  const { setUser } = useCurrentUser();
  const form = useZodForm<Values>(userPatchBody, {
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone ?? '',
      occupation: user.occupation ?? '',
      accountTypeRadio: user.accountType,
      school: schoolOf(user),
      avatar: mediaOf(user),
      plainPassword: '',
      currentPassword: '',
    },
    body: bodyOf,
    check: schoolNameCheck,
  });
  const [firstName, lastName, accountType, password] = useWatch({
    control: form.control,
    name: ['firstName', 'lastName', 'accountTypeRadio', 'plainPassword'],
  });
  const failText = intl.formatMessage({ id: 'web_error_user_patch' });

  const saveLanguage = async (preferredLanguage: string) => {
    try {
      setUser(await patchUser(user.id, { preferredLanguage: preferredLanguage as UserPatchBody['preferredLanguage'] }));
      void track({ name: 'language_changed', screen: 'Edit Own Profile', properties: { locale: preferredLanguage } });
    } catch {
      toast.error(failText);
    }
  };

  const submit = async (v: Values) => {
    const sent = bodyOf(v);
    // A typed school is never dropped (issue 36 §9): found or created, else the field says why and nothing is saved.
    if (v.school && v.school.id === null) {
      try {
        sent.school = (await ensureSchool(v.school.name))['@id'];
      } catch (err) {
        const message =
          violationsOf(err)?.[0]?.message ?? (err instanceof ApiError && err.status !== 0 ? err.message : 'web_error_user_patch');
        form.setError('school', { type: 'server', message });
        return form.focusFirstError();
      }
    }
    try {
      setUser(await patchUser(user.id, sent));
    } catch (err) {
      const had = applyServerViolations(form, err, 'web_error_user_patch');
      if (err instanceof ApiError && err.status === 429) toast.error(intl.formatMessage({ id: 'web_common_too_many' }));
      else if (!had) toast.error(err instanceof ApiError && err.status !== 0 ? err.message : failText);
      return;
    }
    form.setValue('plainPassword', '');
    form.setValue('currentPassword', '');
    toast.success(intl.formatMessage({ id: 'web_profile_saved' }));
    void track({
      name: 'profile_updated',
      screen: 'Edit Own Profile',
      properties: { avatar: Boolean(v.avatar), passwordChanged: Boolean(v.plainPassword) },
    });
  };

  const text = (name: 'firstName' | 'lastName' | 'phone' | 'occupation', autoComplete: string, type = 'text') => (
    <OwnDetailField {...{ name, type, autoComplete }} />
  );

  return (
    <Page title={<FormattedMessage id="web_profile_title" />} narrow>
      <div className="space-y-6">
        <Card>
          <LanguageSelect onChange={(l) => void saveLanguage(l)} />
        </Card>
        <Card>
          <Form form={form} className="space-y-5" onSubmit={submit}>
            <FormError />
            <FormField
              name="avatar"
              render={(f) => (
                <AvatarPicker
                  label={intl.formatMessage({ id: 'web_profile_avatar' })}
                  name={`${firstName} ${lastName}`}
                  value={f.value as Media | null}
                  onChange={f.onChange}
                  uploadType={MediaType.UserAvatar}
                  catalogueType={MediaType.PredefinedUserAvatar}
                />
              )}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              {text('firstName', 'given-name')}
              {text('lastName', 'family-name')}
            </div>
            <TextField label={intl.formatMessage({ id: 'web_sign_up_username' })} value={user.username} readOnly disabled />
            <TextField label={intl.formatMessage({ id: 'web_sign_up_email' })} value={user.email} readOnly disabled />
            <FormSelectField name="accountTypeRadio" label={intl.formatMessage({ id: 'web_sign_up_account_type' })}>
              {ACCOUNT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {intl.formatMessage({ id: `web_account_type_${t}` })}
                </option>
              ))}
            </FormSelectField>
            {accountType === 'other_user' && text('occupation', 'organization-title')}
            {text('phone', 'tel', 'tel')}
            <FormField
              name="school"
              render={(f, error) => <SchoolPicker value={f.value as SchoolChoice} onChange={f.onChange} error={error} />}
            />
            <FormTextField
              name="plainPassword"
              label={intl.formatMessage({ id: 'web_profile_new_password' })}
              hint={intl.formatMessage({ id: 'web_profile_new_password_hint' })}
              type="password"
              autoComplete="new-password"
            />
            {/* Asked only when a new password is typed: a session left open must not be enough to take the account. */}
            {password && (
              <FormTextField
                name="currentPassword"
                label={intl.formatMessage({ id: 'web_profile_current_password' })}
                hint={intl.formatMessage({ id: 'web_profile_current_password_hint' })}
                type="password"
                autoComplete="current-password"
              />
            )}
            <SubmitButton>
              <FormattedMessage id="web_common_save" />
            </SubmitButton>
          </Form>
        </Card>
        <QuietHoursSection user={user} />
        <EmailDigestSection user={user} />
        <DeleteAccountSection user={user} />
      </div>
    </Page>
  );
}

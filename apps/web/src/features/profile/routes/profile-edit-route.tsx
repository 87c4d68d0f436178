import { ACCOUNT_TYPES, MediaType, type AccountType } from '@skillroom/contract/constants';
import { schoolCreateBody, userPatchBody } from '@skillroom/contract/schemas';
import type { Media, School, User, UserPatchBody } from '@skillroom/contract/types';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { AvatarPicker } from '../../../components/avatar-picker';
import { OwnDetailField } from '../../../components/own-detail-field';
import { SchoolPicker, type SchoolChoice } from '../../../components/school-picker';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { LanguageSelect } from '../../../components/ui/language-select';
import { Card, Page } from '../../../components/ui/page';
import { track, useScreenView } from '../../../lib/analytics';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { useSubmit } from '../../../lib/use-submit';
import { apiFieldErrors, zodFieldErrors } from '../../../lib/violations';
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

function ProfileForm({ user }: { user: User }) {
  const intl = useIntl();
  const { setUser } = useCurrentUser();
  const [names, setNames] = useState({
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone ?? '',
    occupation: user.occupation ?? '',
  });
  const [accountType, setAccountType] = useState<AccountType>(user.accountType);
  const [school, setSchool] = useState<SchoolChoice>(schoolOf(user));
  const [avatar, setAvatar] = useState<Media | null>(mediaOf(user));
  const [password, setPassword] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const body: UserPatchBody = {
    firstName: names.firstName,
    lastName: names.lastName,
    phone: names.phone,
    // Spec §5: occupation only for other_user, otherwise null.
    occupation: accountType === 'other_user' ? names.occupation : null,
    accountTypeRadio: accountType,
    avatar: avatar ? avatar['@id'] : null,
    school: school?.id ?? null,
    ...(password ? { plainPassword: password, currentPassword } : {}),
  };
  const failText = intl.formatMessage({ id: 'web_error_user_patch' });
  const check = (b: UserPatchBody) => {
    const local = userPatchBody.safeParse(b);
    const found = local.success ? {} : zodFieldErrors(intl, local.error);
    // A school typed and not in the list is created on saving: its name is checked as the server will.
    const named = school?.id === null ? schoolCreateBody.safeParse({ name: school.name }) : null;
    if (named && !named.success) found.school = zodFieldErrors(intl, named.error).name ?? failText;
    return found;
  };
  const { errors, setErrors } = useFieldErrors(body, check);
  const { busy, run } = useSubmit(setErrors);

  const saveLanguage = async (preferredLanguage: string) => {
    try {
      setUser(await patchUser(user.id, { preferredLanguage: preferredLanguage as UserPatchBody['preferredLanguage'] }));
      void track({ name: 'language_changed', screen: 'Edit Own Profile', properties: { locale: preferredLanguage } });
    } catch {
      toast.error(failText);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await run(
      async () => {
        // A copy: the render's values stay what the user typed.
        const sent = { ...body };
        // A typed school is never dropped (issue 36 §9): found or created, else the field says why and nothing is saved.
        if (school && school.id === null) {
          try {
            sent.school = (await ensureSchool(school.name))['@id'];
          } catch (err) {
            const fields = apiFieldErrors(intl, err, failText);
            setErrors({ school: fields.name ?? fields.school ?? fields[''] ?? failText });
            return;
          }
        }
        setUser(await patchUser(user.id, sent));
        setPassword('');
        setCurrentPassword('');
        toast.success(intl.formatMessage({ id: 'web_profile_saved' }));
        void track({
          name: 'profile_updated',
          screen: 'Edit Own Profile',
          properties: { avatar: Boolean(avatar), passwordChanged: Boolean(password) },
        });
      },
      (err) => {
        const fields = apiFieldErrors(intl, err, failText);
        setErrors(fields);
        if (err instanceof ApiError && err.status === 429) toast.error(intl.formatMessage({ id: 'web_common_too_many' }));
        else if (!(err instanceof ApiError && err.violations.length)) toast.error(fields['']!);
      },
      check(body),
    );
  };

  const text = (name: keyof typeof names, autoComplete: string, type = 'text') => (
    <OwnDetailField {...{ name, type, autoComplete }} values={names} onValues={setNames} error={errors[name]} />
  );

  return (
    <Page title={<FormattedMessage id="web_profile_title" />} narrow>
      <div className="space-y-6">
        <Card>
          <LanguageSelect onChange={(l) => void saveLanguage(l)} />
        </Card>
        <Card>
          <form className="space-y-5" onSubmit={submit} noValidate>
            {errors[''] && <Alert>{errors['']}</Alert>}
            <AvatarPicker
              label={intl.formatMessage({ id: 'web_profile_avatar' })}
              name={`${names.firstName} ${names.lastName}`}
              value={avatar}
              onChange={setAvatar}
              uploadType={MediaType.UserAvatar}
              catalogueType={MediaType.PredefinedUserAvatar}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              {text('firstName', 'given-name')}
              {text('lastName', 'family-name')}
            </div>
            <TextField label={intl.formatMessage({ id: 'web_sign_up_username' })} value={user.username} readOnly disabled />
            <TextField label={intl.formatMessage({ id: 'web_sign_up_email' })} value={user.email} readOnly disabled />
            <SelectField
              label={intl.formatMessage({ id: 'web_sign_up_account_type' })}
              value={accountType}
              error={errors.accountTypeRadio}
              onChange={(e) => setAccountType(e.target.value as AccountType)}
            >
              {ACCOUNT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {intl.formatMessage({ id: `web_account_type_${t}` })}
                </option>
              ))}
            </SelectField>
            {accountType === 'other_user' && text('occupation', 'organization-title')}
            {text('phone', 'tel', 'tel')}
            <SchoolPicker value={school} onChange={setSchool} error={errors.school} />
            <TextField
              label={intl.formatMessage({ id: 'web_profile_new_password' })}
              hint={intl.formatMessage({ id: 'web_profile_new_password_hint' })}
              type="password"
              autoComplete="new-password"
              value={password}
              error={errors.plainPassword}
              onChange={(e) => setPassword(e.target.value)}
            />
            {/* Asked only when a new password is typed: a session left open must not be enough to take the account. */}
            {password && (
              <TextField
                label={intl.formatMessage({ id: 'web_profile_current_password' })}
                hint={intl.formatMessage({ id: 'web_profile_current_password_hint' })}
                type="password"
                autoComplete="current-password"
                value={currentPassword}
                error={errors.currentPassword}
                onChange={(e) => setCurrentPassword(e.target.value)}
              />
            )}
            <Button type="submit" busy={busy}>
              <FormattedMessage id="web_common_save" />
            </Button>
          </form>
        </Card>
        <QuietHoursSection user={user} />
        <EmailDigestSection user={user} />
        <DeleteAccountSection user={user} />
      </div>
    </Page>
  );
}

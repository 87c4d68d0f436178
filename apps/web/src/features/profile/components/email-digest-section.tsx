import { DIGEST_FREQUENCIES, defaultDigest, type DigestFrequency } from '@skillroom/contract/rules';
import { emailSubscriptionPatchBody } from '@skillroom/contract/schemas';
import type { EmailSubscription, HydraCollection, User } from '@skillroom/contract/types';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import useSWR from 'swr';
import { Form, FormError, FormSelectField, SubmitButton, useZodForm } from '../../../components/ui/form';
import { CardSection } from '../../../components/ui/page';
import { api } from '../../../lib/api-client';

const loadSubscription = async () => (await api<HydraCollection<EmailSubscription>>('/email-subscriptions'))['hydra:member'][0] ?? null;

/**
 * The e-mail digest (DESIGN §11): daily, weekly (families' default, Fridays at 16:00 in their zone) or off. Saved in
 * the user's email-subscription, made on the first save when they have none.
 */
export function EmailDigestSection({ user }: { user: User }) {
  const { data: sub, mutate, error } = useSWR(['email-subscription', user.id], loadSubscription, { revalidateOnFocus: false });
  if (error) return null;
  return sub === undefined ? null : <DigestForm user={user} sub={sub} saved={(s) => void mutate(s, { revalidate: false })} />;
}

function DigestForm({ user, sub, saved }: { user: User; sub: EmailSubscription | null; saved: (s: EmailSubscription) => void }) {
  const intl = useIntl();
  const form = useZodForm<{ digest: DigestFrequency }>(emailSubscriptionPatchBody, {
    defaultValues: { digest: sub?.digest ?? defaultDigest(user.accountType) },
  });
  const submit = async (body: { digest: DigestFrequency }) => {
    const s = sub
      ? await api<EmailSubscription>(`/email-subscription/${sub.id}`, { method: 'PATCH', body })
      : await api<EmailSubscription>('/email-subscription', { method: 'POST', body: { ...body, user: user['@id'] } });
    saved(s);
    toast.success(intl.formatMessage({ id: 'web_email_digest_saved' }));
  };
  return (
    <CardSection title={<FormattedMessage id="web_email_digest_title" />}>
      <Form form={form} className="space-y-4" onSubmit={submit} data-testid="email-digest">
        <FormError />
        <FormSelectField
          name="digest"
          label={intl.formatMessage({ id: 'web_email_digest_label' })}
          hint={intl.formatMessage({ id: 'web_email_digest_hint' })}
        >
          {DIGEST_FREQUENCIES.map((f) => (
            <option key={f} value={f}>
              {intl.formatMessage({ id: `web_email_digest_${f}` })}
            </option>
          ))}
        </FormSelectField>
        <SubmitButton>
          <FormattedMessage id="web_email_digest_save" />
        </SubmitButton>
      </Form>
    </CardSection>
  );
}

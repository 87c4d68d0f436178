import { DIGEST_FREQUENCIES, defaultDigest, type DigestFrequency } from '@skillroom/contract/rules';
import type { EmailSubscription, HydraCollection, User } from '@skillroom/contract/types';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import useSWR from 'swr';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/field';
import { CardSection } from '../../../components/ui/page';
import { api } from '../../../lib/api-client';
import { useSubmit } from '../../../lib/use-submit';
import { refusalShown } from '../../../lib/violations';

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
  const [digest, setDigest] = useState<DigestFrequency>(sub?.digest ?? defaultDigest(user.accountType));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, run } = useSubmit(setErrors);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(
      async () => {
        const body = { digest };
        const s = sub
          ? await api<EmailSubscription>(`/email-subscription/${sub.id}`, { method: 'PATCH', body })
          : await api<EmailSubscription>('/email-subscription', { method: 'POST', body: { ...body, user: user['@id'] } });
        saved(s);
        toast.success(intl.formatMessage({ id: 'web_email_digest_saved' }));
      },
      refusalShown(intl, setErrors),
    );
  };
  return (
    <CardSection title={<FormattedMessage id="web_email_digest_title" />}>
      <form className="space-y-4" onSubmit={submit} noValidate data-testid="email-digest">
        {errors[''] && <Alert>{errors['']}</Alert>}
        <SelectField
          label={intl.formatMessage({ id: 'web_email_digest_label' })}
          value={digest}
          error={errors.digest}
          hint={intl.formatMessage({ id: 'web_email_digest_hint' })}
          onChange={(e) => setDigest(e.target.value as DigestFrequency)}
        >
          {DIGEST_FREQUENCIES.map((f) => (
            <option key={f} value={f}>
              {intl.formatMessage({ id: `web_email_digest_${f}` })}
            </option>
          ))}
        </SelectField>
        <Button type="submit" busy={busy}>
          <FormattedMessage id="web_email_digest_save" />
        </Button>
      </form>
    </CardSection>
  );
}

import type { User } from '@skillroom/contract/types';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LegalLink } from '../../components/legal-link';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/page';
import { api } from '../../lib/api-client';
import { formatDate } from '../../lib/dates';

const PARTS = ['web_privacy_gate_stored', 'web_privacy_gate_who', 'web_privacy_gate_keep', 'web_privacy_gate_choices'] as const;

/**
 * DESIGN §6 "Consent": a signed-in user who never agreed to the current policy, or agreed before its date, reads its
 * summary (the whole text one link away) and agrees before using the app. The API stays usable without it.
 */
export function PrivacyGate({
  policyDate,
  onAgreed,
  onSignOut,
}: {
  policyDate: string;
  onAgreed: (u: User) => void;
  onSignOut: () => void;
}) {
  const intl = useIntl();
  const heading = useRef<HTMLHeadingElement>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  // The gate replaces the screen that was asked for: a keyboard or screen-reader user starts at its heading, unless they
  // have already moved into the page (a server-rendered gate takes Tab before its effects run): focus is never taken back.
  useEffect(() => {
    const at = document.activeElement;
    if (!at || at === document.body) heading.current?.focus();
  }, []);

  const agree = async () => {
    setBusy(true);
    setFailed(false);
    try {
      onAgreed(await api<User>('/privacy-policy/accept', { method: 'POST' }));
    } catch {
      setFailed(true);
      setBusy(false);
    }
  };

  return (
    <main id="main" className="mx-auto w-full max-w-2xl flex-1 px-4 py-6 sm:px-6">
      <Card>
        <section aria-labelledby="privacy-gate-title" className="space-y-4">
          <h1 id="privacy-gate-title" ref={heading} tabIndex={-1} className="text-2xl font-bold text-slate-900">
            <FormattedMessage id="web_privacy_gate_title" />
          </h1>
          <p>{intl.formatMessage({ id: 'web_privacy_gate_intro' }, { date: formatDate(policyDate) })}</p>
          <ul className="list-disc space-y-2 pl-5">
            {PARTS.map((id) => (
              <li key={id}>
                <FormattedMessage id={id} />
              </li>
            ))}
          </ul>
          <p>
            <LegalLink page="privacy" className="font-medium text-teal-800 underline">
              <FormattedMessage id="web_privacy_read_full" />
            </LegalLink>
          </p>
          {failed && <Alert>{intl.formatMessage({ id: 'web_privacy_agree_failed' })}</Alert>}
          <div className="flex flex-wrap gap-3">
            <Button onClick={() => void agree()} busy={busy}>
              <FormattedMessage id="web_privacy_agree" />
            </Button>
            <Button variant="secondary" onClick={onSignOut}>
              <FormattedMessage id="web_shell_sign_out" />
            </Button>
          </div>
        </section>
      </Card>
    </main>
  );
}

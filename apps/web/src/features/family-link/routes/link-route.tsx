import { FAMILY_LETTER, fullName } from '@skillroom/contract/rules';
import { invitationCreateBody } from '@skillroom/contract/schemas';
import type { StudentProfileUserInvitation } from '@skillroom/contract/types';
import { useCallback, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { buttonClass } from '../../../components/ui/button';
import { Form, FormTextField, setFormError, SubmitButton, useZodForm } from '../../../components/ui/form';
import { LanguageSelect } from '../../../components/ui/language-select';
import { Card } from '../../../components/ui/page';
import { Loading } from '../../../components/ui/spinner';
import { invitationErrorText } from '../../../entities/invitations/invitation-error';
import { requestLink, revalidateStudentLinks } from '../../../entities/invitations/student-links-api';
import { track, useScreenView } from '../../../lib/analytics';
import { useCurrentUser } from '../../../lib/current-user';

/**
 * Where a family letter's QR code leads (DESIGN §8): signed out, sign up or sign in with the code kept; signed in,
 * the request to follow the student is sent with the code and its answer shown.
 */
export function LinkRoute() {
  useScreenView('Family Link');
  const [params] = useSearchParams();
  const code = (params.get(FAMILY_LETTER.codeParam) ?? '').trim();
  const { status } = useCurrentUser();
  return (
    <div className="space-y-6">
      <Card>
        <h1 className="mb-4 text-2xl font-bold">
          <FormattedMessage id="web_family_link_title" />
        </h1>
        {status === 'loading' ? <Loading /> : status === 'loaded' ? <SignedIn code={code} /> : <SignedOut code={code} />}
      </Card>
      <LanguageSelect />
    </div>
  );
}

function SignedOut({ code }: { code: string }) {
  const next = encodeURIComponent(`${FAMILY_LETTER.linkPath.replace(/^\/web/, '')}?${FAMILY_LETTER.codeParam}=${code}`);
  return (
    <div className="space-y-4">
      {code && (
        <p className="text-sm text-slate-700">
          <FormattedMessage id="web_family_link_code" />:{' '}
          <strong className="font-mono text-lg tracking-widest text-slate-900">{code}</strong>
        </p>
      )}
      <p>
        <FormattedMessage id="web_family_link_signed_out" />
      </p>
      <div className="flex flex-col gap-2">
        <Link to={`/sign-up?next=${next}`} state={{ linkCode: code }} className={buttonClass('primary')}>
          <FormattedMessage id="web_family_link_sign_up" />
        </Link>
        <Link to={`/sign-in?next=${next}`} className={buttonClass('secondary')}>
          <FormattedMessage id="web_family_link_sign_in" />
        </Link>
      </div>
    </div>
  );
}

type Outcome = { kind: 'sending' } | { kind: 'sent'; request: StudentProfileUserInvitation } | { kind: 'form' };

function SignedIn({ code }: { code: string }) {
  const intl = useIntl();
  const [outcome, setOutcome] = useState<Outcome>(code ? { kind: 'sending' } : { kind: 'form' });
  const form = useZodForm<{ invitationCode: string }>(invitationCreateBody, {
    defaultValues: { invitationCode: code },
    check: (v): Record<string, string> => (v.invitationCode.trim() ? {} : { invitationCode: 'web_family_link_no_code' }),
  });
  const started = useRef(false);

  const send = useCallback(
    async (value: string) => {
      setOutcome({ kind: 'sending' });
      try {
        const request = await requestLink(value);
        void track({ name: 'student_profile_invitation_requested', properties: { via: 'family_letter' } });
        setOutcome({ kind: 'sent', request });
        await revalidateStudentLinks();
      } catch (err) {
        setOutcome({ kind: 'form' });
        setFormError(form, invitationErrorText(intl, err), 'invitationCode');
      }
    },
    [intl, form],
  );

  // The code came with the link: the request is made once, as the letter says.
  useEffect(() => {
    if (!code || started.current) return;
    started.current = true;
    void send(code);
  }, [code, send]);

  const dashboard = (
    <Link to="/" className={buttonClass('secondary')}>
      <FormattedMessage id="web_family_link_dashboard" />
    </Link>
  );
  if (outcome.kind === 'sending')
    return (
      <div className="space-y-2" role="status">
        <Loading />
        <p className="text-center text-sm text-slate-700">
          <FormattedMessage id="web_family_link_sending" />
        </p>
      </div>
    );
  if (outcome.kind === 'sent') {
    const { student, teachingClass } = outcome.request;
    return (
      <div className="space-y-4">
        <Alert tone="success">
          <FormattedMessage id="web_link_sent" values={{ name: fullName(student), class: teachingClass.name }} />
        </Alert>
        <p className="text-sm font-medium text-slate-800">
          <FormattedMessage id="web_link_pending" />
        </p>
        {dashboard}
      </div>
    );
  }
  return (
    <Form form={form} onSubmit={(v) => send(v.invitationCode.trim())} className="space-y-4">
      <FormTextField
        name="invitationCode"
        label={<FormattedMessage id="web_link_code_label" />}
        hint={<FormattedMessage id="web_link_code_hint" />}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
      />
      <div className="flex flex-wrap gap-2">
        <SubmitButton>
          <FormattedMessage id="web_link_submit" />
        </SubmitButton>
        {dashboard}
      </div>
    </Form>
  );
}

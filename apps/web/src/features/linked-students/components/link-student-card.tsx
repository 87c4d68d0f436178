import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { CardSection } from '../../../components/ui/page';
import { Avatar } from '../../../components/ui/avatar';
import { invitationErrorText } from '../../../entities/invitations/invitation-error';
import { requestLink, revalidateStudentLinks, usePendingLinkRequests } from '../../../entities/invitations/student-links-api';
import { track } from '../../../lib/analytics';
import { formatDate } from '../../../lib/dates';
import { fullName } from '../../../lib/teaching-classes';

/** "Link a student" (DESIGN §1): the code a teacher gave the family; a teacher of the class then approves. */
export function LinkStudentCard({ userId }: { userId: number }) {
  const intl = useIntl();
  const pending = usePendingLinkRequests({ 'user.id': userId });
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const requests = pending.data?.['hydra:member'] ?? [];

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const typed = code.trim();
    if (!typed) return setError(intl.formatMessage({ id: 'web_link_code_required' }));
    setBusy(true);
    setError(null);
    try {
      const request = await requestLink(typed);
      void track({ name: 'student_profile_invitation_requested', screen: 'Class List' });
      toast.success(intl.formatMessage({ id: 'web_link_sent' }, { name: fullName(request.student), class: request.teachingClass.name }));
      setCode('');
      await revalidateStudentLinks();
    } catch (err) {
      setError(invitationErrorText(intl, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <CardSection title={<FormattedMessage id="web_link_title" />}>
      <form onSubmit={(e) => void submit(e)} className="flex flex-wrap items-start gap-3" noValidate>
        <div className="min-w-0 flex-1 basis-48">
          <TextField
            label={<FormattedMessage id="web_link_code_label" />}
            hint={<FormattedMessage id="web_link_code_hint" />}
            error={error}
            value={code}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            onChange={(e) => setCode(e.target.value)}
          />
        </div>
        <Button type="submit" busy={busy} className="sm:mt-6">
          <FormattedMessage id="web_link_submit" />
        </Button>
      </form>
      {requests.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold text-slate-800">
            <FormattedMessage id="web_link_pending" />
          </h3>
          <ul className="mt-2 space-y-2">
            {requests.map((r) => (
              <li key={r.id} className="flex items-center gap-3 text-sm">
                <Avatar media={r.student.avatar} name={fullName(r.student)} />
                <span className="min-w-0 break-words">
                  <FormattedMessage
                    id="web_link_pending_item"
                    values={{ name: <strong>{fullName(r.student)}</strong>, class: r.teachingClass.name, date: formatDate(r.created) }}
                  />
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </CardSection>
  );
}

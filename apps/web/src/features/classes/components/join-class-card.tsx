import type { TeachingClassSummary } from '@skillroom/contract/types';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Button, buttonClass } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Card } from '../../../components/ui/page';
import { invitationErrorText } from '../../../entities/invitations/invitation-error';
import {
  lookupClassByCode,
  requestToJoin,
  revalidateTeacherInvitations,
  useMyPendingTeacherRequests,
} from '../../../entities/invitations/teacher-invitations-api';
import { track } from '../../../lib/analytics';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDate } from '../../../lib/dates';
import { fullName } from '../../../lib/teaching-classes';

/**
 * "Join a class" (DESIGN §1): a teacher enters a class code, sees which class it opens, and asks its creator to join;
 * the requests still waiting for an answer are listed below. Folded to one line until asked for (issue 36 §16): most
 * visits to the dashboard are for the teacher's own classes, which a phone's first screen should show.
 */
export function JoinClassCard() {
  const intl = useIntl();
  const { user } = useCurrentUser();
  const pending = useMyPendingTeacherRequests(user?.id ?? null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [found, setFound] = useState<{ code: string; cls: TeachingClassSummary } | null>(null);
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const form = useRef<HTMLFormElement>(null);
  // The button that opened the field is gone: the field takes focus, ready for the code.
  useEffect(() => {
    if (open) form.current?.querySelector('input')?.focus();
  }, [open]);
  const requests = pending.data?.['hydra:member'] ?? [];

  const find = async (e: FormEvent) => {
    e.preventDefault();
    const typed = code.trim();
    if (!typed) return setError(intl.formatMessage({ id: 'web_join_code_required' }));
    setBusy(true);
    setError(null);
    setFound(null);
    try {
      const cls = await lookupClassByCode(typed);
      if (cls) setFound({ code: typed, cls });
      else setError(intl.formatMessage({ id: 'web_invitation_error_classCodeUnknown' }));
    } catch (err) {
      setError(invitationErrorText(intl, err));
    } finally {
      setBusy(false);
    }
  };

  const ask = async () => {
    if (!found) return;
    setBusy(true);
    try {
      await requestToJoin(found.code);
      void track({ name: 'teacher_invitation_requested', screen: 'Class List' });
      toast.success(intl.formatMessage({ id: 'web_join_sent' }, { name: found.cls.name }));
      setFound(null);
      setCode('');
      await revalidateTeacherInvitations();
    } catch (err) {
      setError(invitationErrorText(intl, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <section aria-labelledby={titleId} className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={titleId} className="text-lg font-semibold">
            <FormattedMessage id="web_join_title" />
          </h2>
          {!open && (
            <Button variant="secondary" aria-expanded={false} onClick={() => setOpen(true)}>
              <FormattedMessage id="web_join_open" />
            </Button>
          )}
        </div>
        {open && (
          <form ref={form} onSubmit={(e) => void find(e)} className="flex flex-wrap items-end gap-3" noValidate>
            <div className="min-w-0 flex-1 basis-48">
              <TextField
                label={<FormattedMessage id="web_join_code_label" />}
                hint={<FormattedMessage id="web_join_code_hint" />}
                error={error}
                value={code}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                onChange={(e) => {
                  setCode(e.target.value);
                  setFound(null);
                }}
              />
            </div>
            <Button type="submit" variant="secondary" busy={busy && !found} className="sm:mb-6">
              <FormattedMessage id="web_join_find" />
            </Button>
          </form>
        )}
        {found && <FoundClass cls={found.cls} busy={busy} onAsk={() => void ask()} />}
        {requests.length > 0 && (
          <div>
            <h3 className="text-sm font-semibold text-slate-800">
              <FormattedMessage id="web_join_pending" />
            </h3>
            <ul className="mt-2 space-y-2">
              {requests.map((r) => (
                <li key={r.id} className="flex items-center gap-3 text-sm">
                  <Avatar media={r.teachingClass.avatar} name={r.teachingClass.name} />
                  <span className="min-w-0 break-words">
                    <FormattedMessage
                      id="web_join_pending_item"
                      values={{ name: <strong>{r.teachingClass.name}</strong>, date: formatDate(r.created) }}
                    />
                  </span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>
    </Card>
  );
}

function FoundClass({ cls, busy, onAsk }: { cls: TeachingClassSummary; busy: boolean; onAsk: () => void }) {
  return (
    <div className="flex flex-col gap-3 rounded-md border border-teal-200 bg-teal-50 p-4 sm:flex-row sm:items-center" role="status">
      <Avatar media={cls.avatar} name={cls.name} size={48} />
      <div className="min-w-0 flex-1 text-sm">
        <p className="text-base font-semibold break-words text-slate-900">{cls.name}</p>
        <p className="text-slate-700">
          <FormattedMessage
            id="web_join_found_by"
            values={{ name: fullName({ firstName: cls.creator.firstName, lastName: cls.creator.lastName ?? null }) }}
          />
          {cls.school && <> · {cls.school.name}</>}
        </p>
      </div>
      {cls.userType === null ? (
        <Button busy={busy} onClick={onAsk}>
          <FormattedMessage id="web_join_ask" />
        </Button>
      ) : (
        <Link to={`/teaching-class/${cls.id}`} className={buttonClass('secondary')}>
          <FormattedMessage id="web_join_already" />
        </Link>
      )}
    </div>
  );
}

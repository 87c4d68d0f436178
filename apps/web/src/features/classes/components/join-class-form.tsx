import type { TeachingClassSummary } from '@skillroom/contract/types';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Button, buttonClass } from '../../../components/ui/button';
import { Form, FormTextField, setFormError, SubmitButton, useZodForm } from '../../../components/ui/form';
import { invitationErrorText } from '../../../entities/invitations/invitation-error';
import { lookupClassByCode, requestToJoin, revalidateTeacherInvitations } from '../../../entities/invitations/teacher-invitations-api';
import { track } from '../../../lib/analytics';
import { fullName } from '../../../lib/teaching-classes';

// The schema (with zod) is loaded when the field is first used.
const loadCodeSchema = () => import('@skillroom/contract/schemas').then((m) => m.invitationCreateBody);

/** The class code, the class it opens, and the request to join it (the card's unfolded part, loaded when opened). */
export function JoinClassForm() {
  const intl = useIntl();
  const form = useZodForm<{ invitationCode: string }>(loadCodeSchema, {
    defaultValues: { invitationCode: '' },
    check: (v): Record<string, string> => (v.invitationCode.trim() ? {} : { invitationCode: 'web_join_code_required' }),
  });
  const [found, setFound] = useState<{ code: string; cls: TeachingClassSummary } | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // The button that opened the field is gone: the field takes focus, ready for the code.
  useEffect(() => {
    formRef.current?.querySelector('input')?.focus();
  }, []);
  const refused = (err: unknown) => setFormError(form, invitationErrorText(intl, err), 'invitationCode');

  const find = async ({ invitationCode }: { invitationCode: string }) => {
    const typed = invitationCode.trim();
    setFound(null);
    try {
      const cls = await lookupClassByCode(typed);
      if (cls) setFound({ code: typed, cls });
      else setFormError(form, 'web_invitation_error_classCodeUnknown', 'invitationCode');
    } catch (err) {
      refused(err);
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
      form.reset();
      await revalidateTeacherInvitations();
    } catch (err) {
      refused(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Form form={form} ref={formRef} onSubmit={find} className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-48">
          <FormTextField
            name="invitationCode"
            label={<FormattedMessage id="web_join_code_label" />}
            hint={<FormattedMessage id="web_join_code_hint" />}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            onInput={() => setFound(null)}
          />
        </div>
        <SubmitButton variant="secondary" className="sm:mb-6">
          <FormattedMessage id="web_join_find" />
        </SubmitButton>
      </Form>
      {found && <FoundClass cls={found.cls} busy={busy} onAsk={() => void ask()} />}
    </>
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

import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { Form, FormTextField, setFormError, SubmitButton, useZodForm } from '../../../components/ui/form';
import { CardSection } from '../../../components/ui/page';
import { Avatar } from '../../../components/ui/avatar';
import { invitationErrorText } from '../../../entities/invitations/invitation-error';
import { requestLink, revalidateStudentLinks, usePendingLinkRequests } from '../../../entities/invitations/student-links-api';
import { track } from '../../../lib/analytics';
import { formatDate } from '../../../lib/dates';
import { fullName } from '../../../lib/teaching-classes';

const loadCodeSchema = () => import('@skillroom/contract/schemas').then((m) => m.invitationCreateBody);

/** "Link a student" (DESIGN §1): the code a teacher gave the family; a teacher of the class then approves. */
export function LinkStudentCard({ userId }: { userId: number }) {
  const intl = useIntl();
  const pending = usePendingLinkRequests({ 'user.id': userId });
  // The schema (with zod) is loaded when the field is first used: the family's first screen stays without it.
  const form = useZodForm<{ invitationCode: string }>(loadCodeSchema, {
    defaultValues: { invitationCode: '' },
    check: (v): Record<string, string> => (v.invitationCode.trim() ? {} : { invitationCode: 'web_link_code_required' }),
  });
  const requests = pending.data?.['hydra:member'] ?? [];

  const submit = async ({ invitationCode }: { invitationCode: string }) => {
    try {
      const request = await requestLink(invitationCode.trim());
      void track({ name: 'student_profile_invitation_requested', screen: 'Class List' });
      toast.success(intl.formatMessage({ id: 'web_link_sent' }, { name: fullName(request.student), class: request.teachingClass.name }));
      form.reset();
      await revalidateStudentLinks();
    } catch (err) {
      setFormError(form, invitationErrorText(intl, err), 'invitationCode');
    }
  };

  return (
    <CardSection title={<FormattedMessage id="web_link_title" />}>
      <Form form={form} onSubmit={submit} className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1 basis-48">
          <FormTextField
            name="invitationCode"
            label={<FormattedMessage id="web_link_code_label" />}
            hint={<FormattedMessage id="web_link_code_hint" />}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
          />
        </div>
        <SubmitButton className="sm:mt-6">
          <FormattedMessage id="web_link_submit" />
        </SubmitButton>
      </Form>
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

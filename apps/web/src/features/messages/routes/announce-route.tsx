import { announcementBody } from '@skillroom/contract/schemas';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import useSWR from 'swr';
import { MESSAGE_TEXT_MAX } from '@skillroom/contract/rules';
import type { TeachingClass } from '@skillroom/contract/types';
import { Alert } from '../../../components/ui/alert';
import { buttonClass } from '../../../components/ui/button';
import { Form, FormTextAreaField, setFormError, SubmitButton, useZodForm } from '../../../components/ui/form';
import { Page } from '../../../components/ui/page';
import { AttachmentsField } from '../../../entities/media/attachments-field';
import { useAttachments } from '../../../entities/media/use-attachments';
import { ApiError } from '../../../lib/api-client';
import { useScreenView } from '../../../lib/analytics';
import { announce, revalidateConversations } from '../api/messages-api';

/** A teacher's one message to every linked family of the class, each in its own child's conversation (DESIGN §11). */
export function AnnounceRoute({ classId }: { classId: number }) {
  useScreenView('Announce');
  const intl = useIntl();
  const { data: cls } = useSWR<TeachingClass>(`/teaching-class/${classId}`);
  const form = useZodForm<{ text: string }>(announcementBody, {
    defaultValues: { text: '' },
    body: (v) => ({ teachingClass: `/api/auth/v1/teaching-class/${classId}`, text: v.text }),
  });
  const text = useWatch({ control: form.control, name: 'text' });
  const [sent, setSent] = useState<number | null>(null);
  const attachments = useAttachments();

  const submit = async (v: { text: string }) => {
    try {
      const a = await announce(
        classId,
        v.text,
        attachments.medias.map((m) => m['@id']),
      );
      setSent(a.conversations);
    } catch (err) {
      const none = err instanceof ApiError && err.violations.some((x) => x.propertyPath === 'teachingClass');
      return setFormError(form, none ? 'web_messages_no_families' : 'web_messages_send_failed', 'text');
    }
    form.reset();
    attachments.reset();
    await revalidateConversations();
  };

  return (
    <Page
      narrow
      title={<FormattedMessage id="web_messages_announce_title" values={{ class: cls?.name ?? '' }} />}
      actions={
        <Link to={`/teaching-class/${classId}`} className={buttonClass('secondary')}>
          <FormattedMessage id="web_classes_back_to_class" />
        </Link>
      }
    >
      <Form form={form} onSubmit={submit} className="space-y-3">
        <p className="text-sm text-slate-700">
          <FormattedMessage id="web_messages_announce_hint" />
        </p>
        {sent !== null && (
          <Alert tone="success">
            <FormattedMessage id="web_messages_announce_done" values={{ count: sent }} />
          </Alert>
        )}
        <FormTextAreaField
          name="text"
          label={intl.formatMessage({ id: 'web_messages_text_label' })}
          maxLength={MESSAGE_TEXT_MAX}
          rows={5}
        />
        <AttachmentsField state={attachments} />
        <SubmitButton disabled={!text.trim() || attachments.uploading || attachments.failed}>
          <FormattedMessage id="web_messages_announce_send" />
        </SubmitButton>
      </Form>
    </Page>
  );
}

import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import useSWR from 'swr';
import { MESSAGE_TEXT_MAX } from '@skillroom/contract/rules';
import type { TeachingClass } from '@skillroom/contract/types';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/field';
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
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const attachments = useAttachments();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setFailed(null);
    try {
      const a = await announce(
        classId,
        text,
        attachments.medias.map((m) => m['@id']),
      );
      setSent(a.conversations);
      setText('');
      attachments.reset();
      await revalidateConversations();
    } catch (err) {
      const none = err instanceof ApiError && err.violations.some((v) => v.propertyPath === 'teachingClass');
      setFailed(intl.formatMessage({ id: none ? 'web_messages_no_families' : 'web_messages_send_failed' }));
    } finally {
      setBusy(false);
    }
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
      <form onSubmit={(e) => void submit(e)} className="space-y-3">
        <p className="text-sm text-slate-700">
          <FormattedMessage id="web_messages_announce_hint" />
        </p>
        {sent !== null && (
          <Alert tone="success">
            <FormattedMessage id="web_messages_announce_done" values={{ count: sent }} />
          </Alert>
        )}
        <TextAreaField
          label={intl.formatMessage({ id: 'web_messages_text_label' })}
          value={text}
          maxLength={MESSAGE_TEXT_MAX}
          rows={5}
          onChange={(e) => setText(e.target.value)}
          error={failed ?? undefined}
        />
        <AttachmentsField state={attachments} />
        <Button type="submit" busy={busy} disabled={!text.trim() || attachments.uploading || attachments.failed}>
          <FormattedMessage id="web_messages_announce_send" />
        </Button>
      </form>
    </Page>
  );
}

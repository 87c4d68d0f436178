import { NotificationType } from '@skillroom/contract/constants';
import { MESSAGE_TEXT_MAX } from '@skillroom/contract/rules';
import { messageCreateBody } from '@skillroom/contract/schemas';
import type { Conversation, Message, Participant } from '@skillroom/contract/types';
import { useEffect, useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Form, FormTextAreaField, setFormError, SubmitButton, useZodForm } from '../../../components/ui/form';
import { Loading } from '../../../components/ui/spinner';
import { useLiveNotification } from '../../../entities/notifications/live-notifications';
import { AttachmentsField } from '../../../entities/media/attachments-field';
import { MediaGrid } from '../../../entities/ratings/media-preview';
import { useAttachments } from '../../../entities/media/use-attachments';
import { formatDateTime, formatTime } from '../../../lib/dates';
import { fullName } from '../../../lib/teaching-classes';
import { markRead, revalidateConversations, sendMessage, useMessages } from '../api/messages-api';

const MESSAGE_TYPES = [NotificationType.Message] as const;

/** "Mon 07:30" in the reader's language and zone: when the teachers are next at work. */
function useWeekdayTime() {
  const intl = useIntl();
  return (iso: string) => `${intl.formatDate(iso, { weekday: 'short' })} ${formatTime(iso)}`;
}

function Author({ m }: { m: Message }) {
  if (m.isMine) return <FormattedMessage id="web_messages_you" />;
  if (!m.author) return <FormattedMessage id="web_messages_former_member" />;
  return <>{fullName(m.author)}</>;
}

function Receipt({ m }: { m: Message }) {
  const names = (p: Participant) => fullName(p);
  if (!m.readBy.length)
    return (
      <p className="mt-1 text-xs text-slate-600">
        <FormattedMessage id="web_messages_not_seen" />
      </p>
    );
  return (
    <ul className="mt-1 space-y-0.5 text-xs text-slate-600">
      {m.readBy.map((r) => (
        <li key={r.user.id}>
          <FormattedMessage id="web_messages_seen_by" values={{ name: names(r.user), time: formatDateTime(r.readAt) }} />
        </li>
      ))}
    </ul>
  );
}

function Bubble({ m }: { m: Message }) {
  return (
    <li className={m.isMine ? 'flex justify-end' : 'flex'}>
      <div
        className={`max-w-md min-w-0 rounded-lg border px-3 py-2 ${m.isMine ? 'border-teal-200 bg-teal-50' : 'border-slate-200 bg-white'}`}
      >
        {m.isAnnouncement && (
          <p className="text-xs font-semibold text-teal-800">
            <FormattedMessage id="web_messages_announcement" />
          </p>
        )}
        <p className="text-xs text-slate-600">
          <span className="font-semibold text-slate-800">
            <Author m={m} />
          </span>{' '}
          · <time dateTime={m.created}>{formatDateTime(m.created)}</time>
        </p>
        <p className="mt-1 text-sm break-words text-slate-900">
          {/* Its lines as written (no class of its own for it: the shell's stylesheet stays as it is). */}
          {m.text.split('\n').map((line, i) => (
            <span key={i}>
              {i > 0 && <br />}
              {line}
            </span>
          ))}
        </p>
        {m.medias.length > 0 && (
          <div className="mt-2">
            <MediaGrid medias={m.medias} dense />
          </div>
        )}
        {m.isMine && <Receipt m={m} />}
      </div>
    </li>
  );
}

interface Props {
  conversation: Conversation | null;
  /** The child's place, for the first message of a conversation not made yet. */
  placeIri?: string;
  onStarted?: (conversationId: number) => void;
}

/**
 * A conversation's messages, oldest first, with "Seen by … at …" under the reader's own, and the box to answer with
 * photos, videos, recordings and files (the rating's attachment field). The newest page comes first; "Show earlier
 * messages" loads the page before. A message arriving live (type 14) reads the conversation again.
 */
export function MessageThread({ conversation, placeIri, onStarted }: Props) {
  const intl = useIntl();
  const weekdayTime = useWeekdayTime();
  const id = conversation?.id ?? null;
  const { messages, data, error, isLoading, mutate, hasOlder, loadingOlder, more } = useMessages(id);
  const attachments = useAttachments();
  useLiveNotification(MESSAGE_TYPES, () => void mutate());
  const medias = () => attachments.medias.map((m) => m['@id']);
  const form = useZodForm<{ text: string }>(messageCreateBody, {
    defaultValues: { text: '' },
    body: (v) =>
      conversation
        ? { conversation: conversation['@id'], text: v.text, medias: medias() }
        : { teachingClassStudent: placeIri, text: v.text, medias: medias() },
  });
  const text = useWatch({ control: form.control, name: 'text' });
  const [expect, setExpect] = useState<string | null>(null);
  const listId = useId();
  const newestOther = messages.filter((m) => !m.isMine).pop();

  // Opening the conversation reads it: the newest message from the other side, and with it every earlier one.
  useEffect(() => {
    if (newestOther && !newestOther.isRead)
      void markRead(newestOther.id)
        .then(() => revalidateConversations())
        .catch(() => undefined);
  }, [newestOther]);

  const submit = async (v: { text: string }) => {
    let sent;
    try {
      sent = await sendMessage(
        conversation
          ? { conversation: conversation['@id'], text: v.text, medias: medias() }
          : { teachingClassStudent: placeIri, text: v.text, medias: medias() },
      );
    } catch {
      return setFormError(form, 'web_messages_send_failed', 'text');
    }
    form.reset();
    attachments.reset();
    setExpect(sent.expectAnswerAfter ?? null);
    await mutate();
    await revalidateConversations();
    if (!conversation) onStarted?.(Number(sent.conversation.split('/').pop()));
  };

  return (
    <div className="space-y-4">
      {error && !data && <Alert>{intl.formatMessage({ id: 'web_messages_error_load' })}</Alert>}
      {isLoading && <Loading />}
      {!conversation && (
        <p className="text-sm text-slate-700">
          <FormattedMessage id="web_messages_start_hint" />
        </p>
      )}
      {hasOlder && (
        <Button variant="secondary" busy={loadingOlder} onClick={() => void more()}>
          <FormattedMessage id="web_messages_show_earlier" />
        </Button>
      )}
      {messages.length > 0 && (
        <ol id={listId} className="space-y-3" aria-label={intl.formatMessage({ id: 'web_messages_title' })}>
          {messages.map((m) => (
            <Bubble key={m.id} m={m} />
          ))}
        </ol>
      )}
      {messages.some((m) => m.isAnnouncement && !m.isMine) && (
        <p className="text-xs text-slate-600">
          <FormattedMessage id="web_messages_announcement_hint" />
        </p>
      )}
      {expect && (
        <Alert tone="info">
          <FormattedMessage id="web_messages_office_hours" values={{ time: weekdayTime(expect) }} />
        </Alert>
      )}
      <Form form={form} onSubmit={submit} className="space-y-2">
        <FormTextAreaField
          name="text"
          label={intl.formatMessage({ id: 'web_messages_text_label' })}
          maxLength={MESSAGE_TEXT_MAX}
          rows={3}
        />
        <AttachmentsField state={attachments} />
        <SubmitButton disabled={!text.trim() || attachments.uploading || attachments.failed}>
          <FormattedMessage id="web_messages_send" />
        </SubmitButton>
      </Form>
    </div>
  );
}

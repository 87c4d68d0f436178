import type { Conversation } from '@skillroom/contract/types';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { buttonClass } from '../../../components/ui/button';
import { Page } from '../../../components/ui/page';
import { Loading } from '../../../components/ui/spinner';
import { useScreenView } from '../../../lib/analytics';
import { fullName } from '../../../lib/teaching-classes';
import { useConversation, useConversations } from '../api/messages-api';
import { MessageThread } from '../components/message-thread';

function Frame({ conversation, children }: { conversation: Conversation | null; children: React.ReactNode }) {
  const others = conversation?.participants.filter((p) => p.role === 'teacher').map(fullName) ?? [];
  return (
    <Page
      narrow
      title={
        conversation ? (
          <FormattedMessage
            id="web_messages_about"
            values={{ student: fullName(conversation.teachingClassStudent), class: conversation.teachingClass.name }}
          />
        ) : (
          <FormattedMessage id="web_messages_title" />
        )
      }
      actions={
        <Link to="/messages" className={buttonClass('secondary')}>
          <FormattedMessage id="web_messages_back" />
        </Link>
      }
    >
      {others.length > 0 && (
        <p className="mb-4 text-sm text-slate-700">
          <FormattedMessage id="web_messages_teachers" values={{ names: others.join(', ') }} />
        </p>
      )}
      {children}
    </Page>
  );
}

/** One conversation (`/messages/:conversationId`), or a child's, made with its first message (`/messages/student/:id`). */
export function ConversationRoute({ conversationId, placeId }: { conversationId?: number; placeId?: number }) {
  useScreenView('Conversation');
  const intl = useIntl();
  const navigate = useNavigate();
  const byPlace = useConversations(placeId);
  const found = placeId ? (byPlace.data?.['hydra:member'][0] ?? null) : null;
  const id = placeId ? (found?.id ?? null) : (conversationId ?? null);
  const one = useConversation(id);
  const conversation = one.data ?? found;
  if ((placeId && byPlace.isLoading) || (id && one.isLoading && !conversation)) return <Loading />;
  if ((placeId ? byPlace.error : one.error) && !conversation)
    return (
      <Frame conversation={null}>
        <Alert>{intl.formatMessage({ id: 'web_messages_error_load' })}</Alert>
      </Frame>
    );
  return (
    <Frame conversation={conversation}>
      <MessageThread
        key={conversation?.id ?? 'new'}
        conversation={conversation}
        placeIri={placeId ? `/api/auth/v1/teaching-class-student/${placeId}` : undefined}
        onStarted={(cid) => void navigate(`/messages/${cid}`, { replace: true })}
      />
    </Frame>
  );
}

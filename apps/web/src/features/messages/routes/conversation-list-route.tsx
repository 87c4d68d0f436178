import type { Conversation } from '@skillroom/contract/types';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { EmptyState } from '../../../components/ui/empty-state';
import { Page } from '../../../components/ui/page';
import { Loading } from '../../../components/ui/spinner';
import { useScreenView } from '../../../lib/analytics';
import { formatDateTime } from '../../../lib/dates';
import { fullName } from '../../../lib/teaching-classes';
import { useConversations } from '../api/messages-api';

function Row({ c }: { c: Conversation }) {
  const last = c.lastMessage;
  return (
    <li>
      <Link to={`/messages/${c.id}`} className="block rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-teal-600">
        <div className="flex items-start justify-between gap-3">
          <p className="min-w-0 font-semibold break-words text-slate-900">
            <FormattedMessage id="web_messages_about" values={{ student: fullName(c.teachingClassStudent), class: c.teachingClass.name }} />
          </p>
          {c.unread > 0 && (
            <span className="shrink-0 rounded-full bg-teal-700 px-2 py-0.5 text-xs font-semibold text-white">
              <FormattedMessage id="web_messages_unread" values={{ count: c.unread }} />
            </span>
          )}
        </div>
        {last && (
          <p className="mt-1 text-sm break-words text-slate-700">
            <time dateTime={last.created} className="text-slate-600">
              {formatDateTime(last.created)}
            </time>{' '}
            · {last.text}
          </p>
        )}
      </Link>
    </li>
  );
}

/** DESIGN §11: the reader's conversations (child, class, last message, unread), the last written first. */
export function ConversationListRoute() {
  useScreenView('Messages');
  const intl = useIntl();
  const { data, error, isLoading } = useConversations();
  const items = data?.['hydra:member'] ?? [];
  return (
    <Page narrow title={<FormattedMessage id="web_messages_title" />}>
      <div className="space-y-4">
        {error && !data && <Alert>{intl.formatMessage({ id: 'web_messages_error_load' })}</Alert>}
        {isLoading && <Loading />}
        {!isLoading && !error && items.length === 0 && (
          <EmptyState title={<FormattedMessage id="web_messages_empty" />}>
            <FormattedMessage id="web_messages_empty_body" />
          </EmptyState>
        )}
        {items.length > 0 && (
          <ul className="space-y-3" aria-label={intl.formatMessage({ id: 'web_messages_title' })}>
            {items.map((c) => (
              <Row key={c.id} c={c} />
            ))}
          </ul>
        )}
      </div>
    </Page>
  );
}

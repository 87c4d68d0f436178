import { useParams } from 'react-router';
import { AnnounceRoute } from './announce-route';
import { ConversationListRoute } from './conversation-list-route';
import { ConversationRoute } from './conversation-route';

/**
 * Every messages screen under `/messages/*` (DESIGN §11), told apart here rather than in the app's router: the entry,
 * which every screen loads, then carries one route for them all (and no more of the router's code).
 */
export function MessagesScreens() {
  const rest = useParams()['*'] ?? '';
  const [, kind, id] = /^(?:(student|announce)\/)?([1-9]\d{0,9})$/.exec(rest) ?? [];
  // Anything else under /messages is the list.
  if (!id) return <ConversationListRoute />;
  if (kind === 'announce') return <AnnounceRoute classId={Number(id)} />;
  return kind === 'student' ? (
    <ConversationRoute placeId={Number(id)} key={`s${id}`} />
  ) : (
    <ConversationRoute conversationId={Number(id)} key={id} />
  );
}

import type { Conversation, Media, Message, Participant } from '@skillroom/contract';
import { embedded, iri, iso } from '../../http/hydra';
import type { ConversationRow, MessageRow, PersonRow } from './conversations.repository';

const presentPerson = (p: Pick<PersonRow, 'id' | 'firstName' | 'lastName' | 'isTeacher'>): Participant => ({
  '@id': iri('user', p.id),
  id: p.id,
  firstName: p.firstName,
  lastName: p.lastName,
  role: p.isTeacher ? 'teacher' : 'family',
});

/** A message for its reader: read receipts only on their own messages (DESIGN §11 "shown to the sender"). */
export function presentMessage(m: MessageRow, readerId: number, medias: Media[], expectAnswerAfter?: Date | null): Message {
  return embedded('Message', 'message', m.id, {
    id: m.id,
    created: iso(m.created)!,
    updated: iso(m.updated)!,
    conversation: iri('conversation', m.conversationId),
    author:
      m.authorId === null
        ? null
        : presentPerson({ id: m.authorId, firstName: m.authorFirstName ?? '', lastName: m.authorLastName ?? '', isTeacher: m.byTeacher }),
    text: m.text,
    medias,
    isAnnouncement: m.isAnnouncement,
    isMine: m.authorId === readerId,
    isRead: m.isRead,
    readBy: m.readBy.map((r) => ({ user: presentPerson(r), readAt: iso(r.readAt)! })),
    ...(expectAnswerAfter !== undefined ? { expectAnswerAfter: iso(expectAnswerAfter) } : {}),
  });
}

export function presentConversation(
  c: ConversationRow,
  people: PersonRow[],
  last: MessageRow | undefined,
  readerId: number,
  medias: Map<number, Media[]>,
): Conversation {
  return embedded('Conversation', 'conversation', c.conversationId, {
    id: c.conversationId,
    created: iso(c.created)!,
    updated: iso(c.updated)!,
    teachingClass: { '@id': iri('teaching-class', c.classId), id: c.classId, name: c.className, isFinished: c.isFinished },
    teachingClassStudent: {
      '@id': iri('teaching-class-student', c.placeId),
      id: c.placeId,
      firstName: c.firstName,
      lastName: c.lastName,
      student: iri('student', c.studentId),
    },
    participants: people.map(presentPerson),
    lastMessage: last ? presentMessage(last, readerId, medias.get(last.id) ?? []) : null,
    unread: c.unread,
    officeHours: c.officeHours ?? null,
  });
}

import type { Db } from '../../db/client';
import { personName } from './export-format';
import { exportRepository as repo } from './export.repository';

/**
 * The child's conversations in the classes of the part (DESIGN §11: messages are part of the record), as JSON: who
 * wrote (a deleted account: "Former member"), when, what, and who read it when.
 */
export async function messagesFile(
  db: Db,
  part: { studentId: number; places: { place: { id: number }; cls: { id: number; name: string } }[] },
  formerMember: string,
) {
  const rows = await repo.messagesOfPlaces(
    db,
    part.places.map((x) => x.place.id),
  );
  const name = (u: { firstName: string | null; lastName: string | null }) =>
    u.firstName === null ? formerMember : personName({ firstName: u.firstName, lastName: u.lastName });
  const conversations = part.places.map((x) => ({
    teachingClass: { id: x.cls.id, name: x.cls.name },
    messages: rows
      .filter((m) => m.classId === x.cls.id)
      .map((m) => ({
        created: new Date(m.created).toISOString(),
        author: name(m),
        side: m.byTeacher ? 'teacher' : 'family',
        isAnnouncement: m.isAnnouncement,
        text: m.text,
        readBy: m.readBy.map((r) => ({ name: personName(r), readAt: new Date(r.readAt).toISOString() })),
      })),
  }));
  return Buffer.from(JSON.stringify({ '@type': 'StudentMessages', student: part.studentId, conversations }, null, 2));
}

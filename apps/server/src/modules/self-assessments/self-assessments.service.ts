import {
  SELF_ASSESSMENT_MESSAGES,
  type ListQueryOutput,
  type selfAssessmentCreateBody,
  type selfAssessmentListQuery,
} from '@skillroom/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { conflict, forbidden, violation } from '../../http/errors';
import { offsetOf } from '../../http/hydra';
import { authorize, gone, knows, permit } from '../../class-access/access-rules';
import type { Principal } from '../../plugins/auth';
import { lockOpenClass, refuseIfFinished } from '../../records/class-state';
import { learningSkillsRepository as skills } from '../learning-skills/learning-skills.repository';
import { attachableUploads, checkPointsInStages } from '../ratings/ratings.checks';
import { selfAssessmentsRepository as repo, type SelfAssessmentRow } from './self-assessments.repository';

type ListQuery = ListQueryOutput<typeof selfAssessmentListQuery>;
type CreateBody = z.output<typeof selfAssessmentCreateBody>;
const REF = { place: 'This teaching class student does not exist.', skill: 'This learning skill does not exist.' };

/**
 * A `clientId` already written: the same student's resend of the same self-assessment answers it (its device lost the
 * answer, or sends again after the kept answer's day); anything else under that id is a conflict.
 */
function resent(p: Principal, b: CreateBody, kept: SelfAssessmentRow | null): number | null {
  if (!kept) return null;
  const same =
    kept.creatorId === p.userId &&
    kept.teachingClassStudentId === b.teachingClassStudent &&
    kept.learningSkillId === b.learningSkill &&
    kept.points === b.points;
  if (!same) throw conflict(SELF_ASSESSMENT_MESSAGES.clientIdUsed);
  return kept.id;
}

/**
 * DESIGN §12 "Self-assessment": a student (a `student_user` linked to their own place) rates themself on a skill of
 * their class, with a reflection and attachments, while the class's teachers have `selfAssessment` on. The class's
 * members, the student and their family read them; they never count in the teachers' figures (a table of their own).
 */
export const selfAssessmentsService = {
  /** Answers its id, and whether it was made now (201) or sent before under the same `clientId` (200). */
  async create(db: Db, p: Principal, b: CreateBody): Promise<{ id: number; made: boolean }> {
    // First: a resend is answered even once the class finished or the switch went off, since it was written before.
    const before = b.clientId ? resent(p, b, await repo.byClientId(db, b.clientId)) : null;
    if (before !== null) return { id: before, made: false };
    const found = await repo.placeAccess(db, b.teachingClassStudent, p.userId);
    // A place the user may not know of is no place at all for them (400 on the property, as a home observation's is).
    if (!found || !knows(p, 'place', found)) throw violation('teachingClassStudent', REF.place);
    // The student themself: linked to this place, and from a student account (their family is linked to it too).
    permit(p, 'place.selfAssess', { linked: found.linked && found.accountType === 'student_user' });
    refuseIfFinished(found.cls);
    if (!found.cls.selfAssessment) throw forbidden(SELF_ASSESSMENT_MESSAGES.switchedOff);
    const skill = await skills.skillInClass(db, found.cls.id, b.learningSkill);
    if (!skill) throw violation('learningSkill', REF.skill);
    if (!skill.inClass) throw violation('learningSkill', SELF_ASSESSMENT_MESSAGES.skillNotInClass);
    // The rating rule: points name a stage of the skill (400 on `points`).
    await checkPointsInStages(db, [skill.id], b.points);
    return db.transaction(async (tx) => {
      if (!(await lockOpenClass(tx, found.cls.id))) throw gone('place');
      const id = await repo.insert(tx, {
        teachingClassId: found.cls.id,
        teachingClassStudentId: found.place.id,
        learningSkillId: skill.id,
        points: b.points,
        reflection: b.reflection ?? null,
        creatorId: p.userId,
        clientId: b.clientId ?? null,
      });
      // Two sends of one id at once: the second waited for the first's commit and answers what it wrote (only a
      // `clientId` conflicts, so there is one; gone again meanwhile, the id is no longer to be had).
      if (id === null) {
        const kept = b.clientId ? resent(p, b, await repo.byClientId(tx, b.clientId)) : null;
        if (kept === null) throw conflict(SELF_ASSESSMENT_MESSAGES.clientIdUsed);
        return { id: kept, made: false };
      }
      // The rule ratings, messages and home observations share: one upload is attached to one thing only.
      await repo.attach(tx, id, await attachableUploads(tx, p, b.medias ?? []));
      return { id, made: true };
    });
  },

  async get(db: DbOrTx, p: Principal, id: number) {
    const row = await repo.findVisible(db, id, p.userId);
    if (!row) throw gone('selfAssessment');
    return row;
  },

  /**
   * Those the user may see, newest first; of one child (or several places), each place one the user may read (404 for a
   * place they do not know), as a list is in DESIGN §4: every filter optional.
   */
  async list(db: DbOrTx, p: Principal, q: ListQuery) {
    const placeIds = q['teachingClassStudent.id'];
    for (const placeId of placeIds ?? []) authorize(p, 'place.readSelfAssessments', await repo.placeAccess(db, placeId, p.userId));
    return repo.list(db, p.userId, placeIds, q['learningSkill.id'], q.itemsPerPage, offsetOf(q));
  },

  medias: (db: DbOrTx, ids: number[]) => repo.medias(db, ids),
};

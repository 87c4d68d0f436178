import { EntityType, NotificationType, RATING_POINTS } from '@skillroom/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { teachingClasses } from '../db/schema';
import { homeObservationsRepository } from '../modules/home-observations/home-observations.repository';
import { learningSkillsRepository } from '../modules/learning-skills/learning-skills.repository';
import { notificationsService } from '../modules/notifications/notifications.service';
import { ratingsRepository } from '../modules/ratings/ratings.repository';
import { HOME_OBSERVATION_PARAM } from '../records/notice-withdrawal.sql';
import type { DemoUsers } from './demo-classes';

type Place = { placeId: number; studentId: number; classId: number };

const DAY = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * DESIGN §11 in the demo: the parent shared two things Ella Taylor did at home. One a teacher approved (a rating of hers
 * by the parent, `source: home`, "At home" in the feed and the reports), one waits for the teachers, who were told
 * (type 12): the parent's page shows both states, the class page its "From home (1)" banner.
 */
export async function seedDemoHomeObservations(tx: DbOrTx, u: DemoUsers, ella: Place, names: { className: string; parent: string }) {
  const [cls] = await tx.select({ start: teachingClasses.start }).from(teachingClasses).where(eq(teachingClasses.id, ella.classId));
  const skills = await learningSkillsRepository.ofClass(tx, ella.classId, u.teacher);
  const actions = await learningSkillsRepository.actionsOfSkills(
    tx,
    skills.map((s) => s.skill.id),
  );
  if (!cls || actions.length < 2) return;
  const today = Date.parse(`${iso(Date.now())}T00:00:00Z`);
  // Within the class's dates and not after today, as the API would require.
  const daysAgo = (n: number) => iso(Math.max(Date.parse(`${cls.start}T00:00:00Z`), today - n * DAY));
  const [approvedAction, waitingAction] = [actions[0]!, actions[1]!];

  const approvedDate = daysAgo(4);
  const approvedNote = 'Ella counted the steps up to our flat, then counted them again going down.';
  const approved = await homeObservationsRepository.insert(tx, {
    teachingClassId: ella.classId,
    teachingClassStudentId: ella.placeId,
    learningActionId: approvedAction.id,
    date: approvedDate,
    description: approvedNote,
    creatorId: u.parent,
  });
  const ratingId = await ratingsRepository.insertWithStudents(
    tx,
    {
      teachingClassId: ella.classId,
      learningSkillId: approvedAction.learningSkillId,
      learningActionId: approvedAction.id,
      date: approvedDate,
      points: RATING_POINTS.default,
      description: approvedNote,
      creatorId: u.parent,
      source: 'home',
    },
    [{ id: ella.placeId, studentId: ella.studentId }],
  );
  await homeObservationsRepository.answer(tx, approved, { status: 'approved', reason: null, ratingId });

  const waiting = await homeObservationsRepository.insert(tx, {
    teachingClassId: ella.classId,
    teachingClassStudentId: ella.placeId,
    learningActionId: waitingAction.id,
    date: daysAgo(1),
    description: 'She read the recipe out loud to her little brother while we baked.',
    creatorId: u.parent,
  });
  await notificationsService.notify(tx, {
    recipients: await homeObservationsRepository.teachersOf(tx, ella.classId),
    notificationType: NotificationType.HomeObservationWaiting,
    entityType: EntityType.TeachingClass,
    entityId: ella.classId,
    params: { student: 'Ella Taylor', class: names.className, author: names.parent, [HOME_OBSERVATION_PARAM]: String(waiting) },
    path: `/teaching-class/${ella.classId}`,
    placeId: ella.placeId,
  });
}

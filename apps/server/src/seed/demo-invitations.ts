import { EntityType, NotificationType, fullName } from '@skillroom/contract';
import type { DbOrTx } from '../db/client';
import { desc, eq } from 'drizzle-orm';
import { ratings, ratingStudents, studentProfileUserInvitations, studentProfileUsers, teachingClassTeacherInvitations } from '../db/schema';
import { evidenceNoticesService } from '../modules/evidence-notices/evidence-notices.service';
import { notificationsService } from '../modules/notifications/notifications.service';
import { DEMO_ACCOUNTS } from '../modules/system/demo-accounts';
import type { DemoUsers, seedDemoClasses } from './demo-classes';
import { seedDemoHomeObservations } from './demo-home-observations';
import { seedDemoSelfAssessments } from './demo-self-assessments';

type Seeded = Awaited<ReturnType<typeof seedDemoClasses>>;

/**
 * What makes the demo accounts' invitation screens and bells meaningful: the parent linked to Ella Taylor by an
 * accepted request (and told so, then of her two latest ratings; her home observations: demo-home-observations.ts), the
 * parent's pending request for Liam Chen (the class's teachers are told), and the co-teacher's pending request to join
 * the individual class (its creator is told).
 */
export async function seedDemoInvitations(tx: DbOrTx, u: DemoUsers, seeded: Seeded) {
  const name = (username: string) => fullName(DEMO_ACCOUNTS.find((a) => a.username === username)!);
  const sunflowers = 'Year 4 Sunflowers';
  const individual = 'Reading support: Tomás';
  const ella = seeded.places['Ella Taylor']!;
  const liam = seeded.places['Liam Chen']!;
  const sunflowersId = seeded.classIds[sunflowers]!;
  const individualId = seeded.classIds[individual]!;

  const [accepted] = await tx
    .insert(studentProfileUserInvitations)
    .values({
      teachingClassStudentId: ella.placeId,
      teachingClassId: ella.classId,
      studentId: ella.studentId,
      userId: u.parent,
      isApproved: true,
    })
    .returning();
  await tx.insert(studentProfileUsers).values({
    studentId: ella.studentId,
    userId: u.parent,
    teachingClassStudentId: ella.placeId,
    teachingClassId: ella.classId,
    isViaInvitation: true,
  });
  await notificationsService.notify(tx, {
    recipients: [u.parent],
    notificationType: NotificationType.StudentProfileUserInvitationAccepted,
    entityType: EntityType.StudentProfileUserInvitation,
    entityId: accepted!.id,
    params: { student: 'Ella Taylor', class: sunflowers },
    path: `/student/${ella.placeId}`,
  });
  // Her two latest ratings came after the link: the parent's bell shows them as new evidence (DESIGN §11).
  const latest = await tx
    .select({ id: ratings.id, creatorId: ratings.creatorId })
    .from(ratings)
    .innerJoin(ratingStudents, eq(ratingStudents.ratingId, ratings.id))
    .where(eq(ratingStudents.teachingClassStudentId, ella.placeId))
    .orderBy(desc(ratings.date), desc(ratings.id))
    .limit(2);
  for (const r of latest.reverse())
    await evidenceNoticesService.announce(tx, {
      classId: ella.classId,
      firstRatingId: r.id,
      placeIds: [ella.placeId],
      authorId: r.creatorId ?? u.teacher,
    });

  await seedDemoHomeObservations(tx, u, ella, { className: sunflowers, parent: name('parent') });
  await seedDemoSelfAssessments(tx, u, ella);

  const [pending] = await tx
    .insert(studentProfileUserInvitations)
    .values({ teachingClassStudentId: liam.placeId, teachingClassId: liam.classId, studentId: liam.studentId, userId: u.parent })
    .returning();
  await notificationsService.notify(tx, {
    recipients: [u.teacher, u.coteacher],
    notificationType: NotificationType.StudentProfileUserInvitationReceived,
    entityType: EntityType.StudentProfileUserInvitation,
    entityId: pending!.id,
    params: { user: name('parent'), student: 'Liam Chen', class: sunflowers },
    path: `/teaching-class/${sunflowersId}/student/${liam.placeId}/manage`,
  });

  const [join] = await tx
    .insert(teachingClassTeacherInvitations)
    .values({ teachingClassId: individualId, teacherId: u.coteacher })
    .returning();
  await notificationsService.notify(tx, {
    recipients: [u.teacher],
    notificationType: NotificationType.TeacherInvitationReceived,
    entityType: EntityType.TeacherInvitation,
    entityId: join!.id,
    params: { teacher: name('coteacher'), class: individual },
    path: `/teaching-class/${individualId}/teachers`,
  });
}

import type { ModuleRoutes } from './types';
import { docsRoutes } from './docs/docs.routes';
import { analyticsRoutes } from './analytics/analytics.routes';
import { authRoutes } from './auth/auth.routes';
import { educationLevelsRoutes } from './education-levels/education-levels.routes';
import { healthRoutes } from './health/health.routes';
import { learningSkillsRoutes } from './learning-skills/learning-skills.routes';
import { frameworksRoutes } from './frameworks/frameworks.routes';
import { growthRoutes } from './growth/growth.routes';
import { mediaRoutes } from './media/media.routes';
import { ratingsRoutes } from './ratings/ratings.routes';
import { observationsRoutes } from './observations/observations.routes';
import { ratingCommentsRoutes } from './rating-comments/rating-comments.routes';
import { homeObservationsRoutes } from './home-observations/home-observations.routes';
import { selfAssessmentsRoutes } from './self-assessments/self-assessments.routes';
import { reportsRoutes } from './reports/reports.routes';
import { exportRoutes } from './export/export.routes';
import { familyLettersRoutes } from './family-letters/family-letters.routes';
import { schoolsRoutes } from './schools/schools.routes';
import { studentsRoutes } from './students/students.routes';
import { subscriptionsRoutes } from './subscriptions/subscriptions.routes';
import { systemRoutes } from './system/system.routes';
import { teachingClassStudentsRoutes } from './teaching-class-students/teaching-class-students.routes';
import { rosterImportRoutes } from './teaching-class-students/roster-import.routes';
import { placeErasureRoutes } from './teaching-class-students/place-erasure.routes';
import { teachingClassesRoutes } from './teaching-classes/teaching-classes.routes';
import { translationsRoutes } from './translations/translations.routes';
import { usersRoutes } from './users/users.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { pushRoutes } from './push/push.routes';
import { emailSubscriptionsRoutes } from './email-digests/email-subscriptions.routes';
import { teacherInvitationsRoutes } from './teacher-invitations/teacher-invitations.routes';
import { classTeachersRoutes } from './class-teachers/class-teachers.routes';
import { studentLinksRoutes } from './student-links/student-links.routes';
import { accessLogsRoutes } from './access-logs/access-logs.routes';
import { conversationsRoutes } from './conversations/conversations.routes';

/** Every module of the API, registered in this order. */
export const modules: ModuleRoutes[] = [
  systemRoutes,
  healthRoutes,
  translationsRoutes,
  authRoutes,
  usersRoutes,
  schoolsRoutes,
  subscriptionsRoutes,
  educationLevelsRoutes,
  mediaRoutes,
  teachingClassesRoutes,
  teachingClassStudentsRoutes,
  rosterImportRoutes,
  placeErasureRoutes,
  studentsRoutes,
  learningSkillsRoutes,
  frameworksRoutes,
  ratingsRoutes,
  observationsRoutes,
  ratingCommentsRoutes,
  homeObservationsRoutes,
  selfAssessmentsRoutes,
  reportsRoutes,
  growthRoutes,
  exportRoutes,
  familyLettersRoutes,
  teacherInvitationsRoutes,
  classTeachersRoutes,
  studentLinksRoutes,
  accessLogsRoutes,
  conversationsRoutes,
  notificationsRoutes,
  pushRoutes,
  emailSubscriptionsRoutes,
  analyticsRoutes,
  docsRoutes,
];

/** DESIGN §11 "Home observations": a family's observation of their child at home, waiting for the class's teachers. */
export const HOME_OBSERVATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type HomeObservationStatus = (typeof HOME_OBSERVATION_STATUSES)[number];

/** The reason a teacher gives when not accepting one. */
export const HOME_OBSERVATION_REASON_MAX = 1000;
export const HOME_OBSERVATION_PAGE_SIZE = 30;

export const HOME_OBSERVATION_MESSAGES = {
  notFound: 'Home observation not found.',
  linkedOnly: 'Only the family linked to this student in this class may add a home observation.',
  teachersAnswer: 'Only the teachers of this class may approve or reject a home observation.',
  answered: 'This home observation was answered already.',
  withdrawOwn: 'Only the family member who shared this home observation may withdraw it.',
  approvedStays: 'This home observation was approved: it is a rating now, and cannot be withdrawn.',
  reason: 'Say why this home observation is not accepted.',
  classOrPlace: 'Filter by teachingClass.id or teachingClassStudent.id.',
} as const;

// Free of zod, as the other rules: the "Rate myself" screen counts the reflection's characters without the schemas.

/** DESIGN §12 "Self-assessment": a student's reflection on a skill, as long as a rating's note may be. */
export const SELF_ASSESSMENT_REFLECTION_MAX = 2000;
/** Self-assessments per page of a student's list. */
export const SELF_ASSESSMENT_PAGE_SIZE = 30;

export const SELF_ASSESSMENT_MESSAGES = {
  notFound: 'Self-assessment not found.',
  /** Only the student themself (a student account linked to this very place) rates themself. */
  studentOnly: 'Only the student linked to this place in this class may assess themself.',
  switchedOff: 'The teachers of this class have not turned self-assessment on.',
  skillNotInClass: 'This class does not use this learning skill.',
  /** A `clientId` sent again for something else than the self-assessment it named (or by someone else). */
  clientIdUsed: 'This clientId names another self-assessment.',
} as const;

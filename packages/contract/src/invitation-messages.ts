// Apart from messages.ts: the web app's entry needs the error texts, not these (only the join and link screens do).
/**
 * Why the server refuses an invitation or an answer to one. Sent as the violation of `invitationCode` (400) or as the
 * `hydra:description` of a 403/404/409; written once here, free of zod (the web app's screens load without the
 * schemas), so that the web app can map each to its translated text.
 */
export const INVITATION_MESSAGES = {
  classCodeUnknown: 'No class has this invitation code.',
  studentCodeUnknown: 'No student has this invitation code.',
  classFinished: 'This class is finished and no longer accepts requests.',
  alreadyTeacher: 'You already teach this class.',
  teacherRequestPending: 'You have already asked to join this class; the request is waiting for an answer.',
  teachersOnly: 'Only a teacher account can join a class as a co-teacher.',
  alreadyLinked: 'You are already linked to this student.',
  linkRequestPending: 'You have already asked to link to this student; the request is waiting for an answer.',
  linkUsersOnly: 'Only a parent, student or other account can link to a student.',
  notPending: 'This request has already been answered.',
  creatorAnswers: 'Only the creator of the class can accept or reject a request to join it.',
  classTeachersAnswer: 'Only the teachers of the class can accept or reject this request.',
  removeTeacher: 'Only the creator of the class can remove a co-teacher; a co-teacher can only leave.',
  unlinkUser: 'Only the teachers of the class can unlink a user from this student.',
} as const;

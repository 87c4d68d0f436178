/** User-visible error texts of the specification (§8), word for word. */
export const ErrorText = {
  notificationsLoad: 'Unable to retrieve notifications.',
  classManage: 'You are not authorized to manage this teaching class student.',
  mediaUpload: 'Unable to upload media file.',
  mediaGet: 'Unable to get media.',
  mediaAccess: 'Cannot access media resource',
  teacherAccess: 'Cannot access teacher resource',
  genericFetch: 'Unable to retrieve data.',
  invitationView: 'You are not authorized to view this invitation.',
  invitationReject: 'Unable to reject invitation',
  classesLoad: 'Unable to retrieve teaching classes for user.',
  classTeachersLoad: 'Unable to retrieve teaching class teaches.',
  classTeacherView: 'You are not authorized to view this teaching class teacher.',
  deleteFailed: 'Unable to delete.',
  subscriptionLoad: 'Unable to retrieve subscription.',
  userLoad: 'You are not authorized to view this user profile.',
  userPatch: 'You are not authorized to manage this user.',
  notLoggedIn: 'User is not logged in.',
  pushNotAuthorized: 'You are not authorized.',
  invalidCredentials: 'Invalid credentials.',
} as const;

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

/** Why a write with an `Idempotency-Key` is refused (DESIGN §7): a 400 violation of the header, or a 409. */
export const IDEMPOTENCY_MESSAGES = {
  keyInvalid: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.',
  keyReused: 'This Idempotency-Key was already used for a different request; send a new key for a new request.',
  inProgress: 'A request with this key is still in progress.',
} as const;

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

/** Why a write with an `Idempotency-Key` is refused (DESIGN §7): a 400 violation of the header, or a 409. */
export const IDEMPOTENCY_MESSAGES = {
  keyInvalid: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.',
  keyReused: 'This Idempotency-Key was already used for a different request; send a new key for a new request.',
  inProgress: 'A request with this key is still in progress.',
} as const;

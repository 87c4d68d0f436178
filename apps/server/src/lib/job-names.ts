/**
 * The queues that modules send to (their definitions are in `job-definitions.ts`). Job data holds ids only: the job
 * table is kept for days and read by the admin command, so nothing personal or secret goes there.
 */
export const JOB = {
  /** `{ mediaId }`: make an uploaded audio or video play everywhere. */
  transcode: 'transcode',
  /** `{ notificationId }`: Web Push to the recipient's browsers. */
  push: 'push',
  /** `{ userId }`: make a password reset token and mail its link. */
  resetMail: 'reset-mail',
  /** Scheduled: the e-mail digests now due (DESIGN §11). */
  emailDigest: 'email-digest',
} as const;

/** `id` makes a send idempotent; `startAfter` holds the job until then (quiet hours, DESIGN §11). */
export interface SendOptions {
  id?: string;
  startAfter?: Date;
}

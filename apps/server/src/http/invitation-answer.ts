import { ErrorText, INVITATION_MESSAGES } from '@skillroom/contract';
import type { AnswerOutcome } from '../db/invitation-state';
import { conflict, notFound } from './errors';

/**
 * Whether an answer to a request (to join a class, to link to a student) was written in its transaction, so that what
 * follows it (the co-teacher, the link, notifications) is done once. The same answer given meanwhile is that one
 * answer (200, nothing more written); the other answer is a 409; a request gone meanwhile a 404.
 */
export function answerWritten(outcome: AnswerOutcome): boolean {
  if (outcome === 'other') throw conflict(INVITATION_MESSAGES.notPending);
  if (outcome === 'gone') throw notFound(ErrorText.invitationView);
  return outcome === 'written';
}

import type { MediaType } from '@skillroom/contract/constants';

/** An attachment of a waiting save: the file itself until the server has it, then only its Media id. */
export interface OutboxFile {
  name: string;
  type: string;
  mediaType: MediaType;
  encode: boolean;
  blob?: Blob;
  /** POST /media's Idempotency-Key: a resend after a lost answer stores the file once. */
  key: string;
  mediaId?: number;
  /** A large file's tus address: a resend goes on from the bytes the server has. */
  uploadUrl?: string;
}

/** A skill or action as the class named it: a catalogue one is shown in the reader's language when listed. */
export interface OutboxName {
  name: string;
  translationKey: string | null;
}

/**
 * What every save waiting on this device has (DESIGN §7), whatever it saves: a teacher's observation (features/ratings)
 * or a student's self-assessment (entities/self-assessments). Each kind adds what it writes and how far its sending went,
 * so that a resend never writes a file or a record twice.
 */
export interface OutboxItemBase {
  id: string;
  /** What it saves, which says how it is sent (`OutboxKind`); saves kept before there were kinds are ratings. */
  kind?: string;
  /** The user who saved it: only they see it and only their session sends it. */
  userId: number;
  created: number;
  files: OutboxFile[];
  /** The write's Idempotency-Key: a resend after a lost answer writes it once. */
  key?: string;
  /** Refused: the server said no (4xx), the item waits for the user to retry, change or discard it. */
  state: 'waiting' | 'refused';
  reason?: string;
}

/** How a waiting save reads in the header's list (and, for ratings, the feed). */
export interface OutboxLabel {
  /** "Communication: Listens actively", "Self-assessment: Communication". */
  title: string;
  /** Whom it is about ("Ana Lima, Ben Okoro, and 2 more", "Whole class"); null when the title says it, or unknown. */
  who: string | null;
  /** "Oak 3 · 28/11/2026"; null when the title says it. */
  where: string | null;
}

/** An item's kind: those kept before there were kinds were all teachers' ratings. */
export const kindOf = (item: OutboxItemBase): string => item.kind ?? 'rating';

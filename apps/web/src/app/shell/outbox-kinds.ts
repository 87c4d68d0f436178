import type { OutboxKinds } from '../../entities/outbox/outbox-flush';

let kinds: Promise<OutboxKinds> | null = null;

/**
 * The kinds of save the outbox sends (DESIGN §7), composed here since features import no other: the teachers' ratings
 * (features/ratings) and the students' self-assessments (entities/self-assessments). Their code loads when first sent.
 */
export function loadOutboxKinds(): Promise<OutboxKinds> {
  kinds ??= Promise.all([
    import('../../features/ratings/api/outbox-send'),
    import('../../entities/self-assessments/self-assessment-outbox'),
  ]).then(([ratings, self]) => ({
    [ratings.RATING_KIND]: ratings.ratingOutbox,
    [self.SELF_ASSESSMENT_KIND]: self.selfAssessmentOutbox,
  }));
  // A failed load (the connection dropped meanwhile) is tried again next time.
  kinds.catch(() => (kinds = null));
  return kinds;
}

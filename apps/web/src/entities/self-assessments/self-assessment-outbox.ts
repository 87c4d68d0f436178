import { newUuid } from '../../lib/uuid';
import type { Attachment } from '../media/use-attachments';
import { outboxFilesOf, sendFiles } from '../outbox/outbox-files';
import { nextCreated, sendOrKeep, type OutboxKind } from '../outbox/outbox-flush';
import { putOutboxItem } from '../outbox/outbox-store';
import { createSelfAssessment, revalidateSelfAssessments } from './self-assessments-api';
import { SELF_ASSESSMENT_KIND, type SelfAssessmentOutboxItem } from './self-assessment-outbox-item';

export { SELF_ASSESSMENT_KIND } from './self-assessment-outbox-item';

export interface NewSelfAssessment {
  placeId: number;
  skillId: number;
  points: number;
  reflection: string;
  attachments: Attachment[];
  /** Chosen once per self-assessment by its form, and kept across its attempts (a new Idempotency-Key each). */
  clientId: string;
  names: SelfAssessmentOutboxItem['names'];
}

export const selfAssessmentItemOf = (n: NewSelfAssessment, userId: number): SelfAssessmentOutboxItem => ({
  id: newUuid(),
  kind: SELF_ASSESSMENT_KIND,
  userId,
  created: nextCreated(),
  placeId: n.placeId,
  skillId: n.skillId,
  points: n.points,
  reflection: n.reflection,
  clientId: n.clientId,
  names: n.names,
  key: newUuid(),
  files: outboxFilesOf(n.attachments),
  state: 'waiting',
});

/** How the outbox sends a self-assessment: its files, then POST /self-assessment under the item's key and `clientId`. */
export const selfAssessmentOutbox: OutboxKind<SelfAssessmentOutboxItem> = {
  async send(item, persist) {
    const medias = await sendFiles(item, persist);
    if (item.selfAssessmentId !== undefined) return;
    const body = {
      teachingClassStudent: item.placeId,
      learningSkill: item.skillId,
      points: item.points,
      reflection: item.reflection.trim() || undefined,
      medias,
      clientId: item.clientId,
    };
    item.selfAssessmentId = (await createSelfAssessment(body, item.key ?? newUuid())).id;
    await persist(item);
  },
  // The student's list and growth (the "self" stage) are read again before the waiting one leaves.
  async afterSent() {
    await revalidateSelfAssessments();
  },
  told: (sent) => ({ id: 'web_outbox_self_sent', count: sent.length }),
};

/** Sends the self-assessment at once, or keeps it on the device (no connection): answers whether it waits. */
export const saveSelfAssessment = (item: SelfAssessmentOutboxItem) => sendOrKeep(item, selfAssessmentOutbox);

export interface SelfAssessmentChange {
  reflection: string;
  /** Indexes of the files to drop (a file the server refused as too large or of a wrong type). */
  dropFiles: number[];
}

/** The student's change to a refused self-assessment; it then waits to be sent again. */
export const changeSelfAssessmentItem = (item: SelfAssessmentOutboxItem, c: SelfAssessmentChange) =>
  putOutboxItem({
    ...item,
    reflection: c.reflection,
    files: item.files.filter((_, i) => !c.dropFiles.includes(i)),
    state: 'waiting',
    reason: undefined,
  });

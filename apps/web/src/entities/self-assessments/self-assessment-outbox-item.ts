import type { IntlShape } from 'react-intl';
import { formatDate } from '../../lib/dates';
import { nameOf } from '../learning-skills/skill-label';
import type { OutboxItemBase, OutboxLabel, OutboxName } from '../outbox/outbox-types';

export const SELF_ASSESSMENT_KIND = 'self-assessment';

/**
 * A student's self-assessment that waits on this device (issue 38: from a phone, offline like the teachers' capture).
 * Its `clientId` is its id on the server too: every resend, within the key's day or after it, is that one.
 */
export interface SelfAssessmentOutboxItem extends OutboxItemBase {
  kind: typeof SELF_ASSESSMENT_KIND;
  placeId: number;
  skillId: number;
  points: number;
  reflection: string;
  clientId: string;
  /** What it is listed by, taken when it was saved: offline the server cannot be asked. */
  names: { className: string | null; skill: OutboxName; stage: string | null };
  /** The server's id of it, once it answered (the answer itself is not kept). */
  selfAssessmentId?: number;
}

export const isSelfAssessmentItem = (i: OutboxItemBase): i is SelfAssessmentOutboxItem => i.kind === SELF_ASSESSMENT_KIND;

/** "Self-assessment: Communication", then "Year 4 Sunflowers · Secure · 28/11/2026" in the header's list. */
export function selfAssessmentLabel(intl: IntlShape, item: SelfAssessmentOutboxItem): OutboxLabel {
  const { className, skill, stage } = item.names;
  const where = [className, stage, formatDate(new Date(item.created))].filter(Boolean).join(' · ');
  return { title: intl.formatMessage({ id: 'web_outbox_self_item' }, { skill: nameOf(intl, skill) }), who: null, where };
}

import type { SelfAssessment } from '@skillroom/contract/types';
import { useMemo } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNameOf } from '../../../entities/learning-skills/skill-label';
import { useOutboxItems } from '../../../entities/outbox/use-outbox';
import { isSelfAssessmentItem, type SelfAssessmentOutboxItem } from '../../../entities/self-assessments/self-assessment-outbox-item';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDate } from '../../../lib/dates';

/**
 * The student's self-assessments of this place still waiting on this device, newest first (issue 38). One the list
 * already holds (sent, not yet taken out of the outbox) is left out; refused ones stay in the header's list only.
 */
export function useWaitingSelfAssessments(placeId: number, shown: SelfAssessment[]): SelfAssessmentOutboxItem[] {
  const items = useOutboxItems(useCurrentUser().user?.id ?? null);
  return useMemo(() => {
    const sent = new Set(shown.map((a) => a.clientId));
    return items
      .filter(isSelfAssessmentItem)
      .filter((i) => i.placeId === placeId && i.state === 'waiting' && !sent.has(i.clientId))
      .reverse();
  }, [items, placeId, shown]);
}

/** A self-assessment saved without a connection: as the list shows a sent one, marked as waiting to be sent. */
export function WaitingSelfAssessment({ item }: { item: SelfAssessmentOutboxItem }) {
  const nameOf = useNameOf();
  const created = new Date(item.created);
  return (
    <li className="rounded-md border border-dashed border-slate-300 p-3 text-sm" data-testid="waiting-self-assessment">
      <p className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 font-medium text-slate-900">
        <span>
          {nameOf(item.names.skill)} ·{' '}
          <FormattedMessage
            id="web_self_assessment_stage_option"
            values={{ name: item.names.stage ?? String(item.points), points: item.points }}
          />
        </span>
        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
          <FormattedMessage id="web_outbox_waiting_state" />
        </span>
      </p>
      {item.reflection.trim() && <p className="mt-1 break-words whitespace-pre-line text-slate-700">{item.reflection}</p>}
      <p className="mt-1 text-slate-700">
        <time dateTime={created.toISOString()}>{formatDate(created)}</time>
        {item.files.length > 0 && (
          <>
            {' · '}
            <FormattedMessage id="web_outbox_files" values={{ count: item.files.length }} />
          </>
        )}
      </p>
    </li>
  );
}

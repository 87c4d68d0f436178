import { refToId } from '@skillroom/contract/rules';
import type { StudentProfileUserInvitation, TeachingClass } from '@skillroom/contract/types';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { invitationErrorText } from '../../../entities/invitations/invitation-error';
import {
  acceptAllLinkRequests,
  acceptLinkRequest,
  rejectLinkRequest,
  revalidateStudentLinks,
  usePendingLinkRequests,
} from '../../../entities/invitations/student-links-api';
import { track } from '../../../lib/analytics';
import { fullName, may, revalidateClassData } from '../../../lib/teaching-classes';
import { FamilyRequestCard } from './family-request-card';
import { sortByName } from '../../../lib/name-order';

/**
 * Where the panel is on the class page: the bell's group of family requests opens it there
 * (entities/notifications/use-open-notification.ts writes it again rather than bring this screen's module into the shell's
 * chunks; family-requests-anchor.test.tsx keeps the two the same).
 */
export const FAMILY_REQUESTS_ANCHOR = 'family-requests';

/**
 * DESIGN §8 "Approving families": the class's pending requests to follow a student, for its creator and co-teachers
 * (evaluators never see it), with who asks (name, e-mail, account type) and for whom; accept or reject each, or accept
 * all at once after a confirmation. Nothing is shown when no request waits, nor in a finished class (which refuses
 * answers until it is reopened).
 *
 * A compact banner above the students until every request is answered (issue 36: read or not, they stay in sight),
 * whose "Show requests" unfolds them; opened at `#family-requests` (the bell's group), it unfolds at once and takes focus.
 */
export function FamilyRequestsPanel({ cls }: { cls: TeachingClass }) {
  const intl = useIntl();
  const titleId = useId();
  const listId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const location = useLocation();
  const [expanded, setExpanded] = useState(false);
  // The arrival (a location's key) that already unfolded the requests: a later refresh does not take focus again.
  const arrived = useRef<string | null>(null);
  const teaches = may(cls, 'manageLinks') && !cls.isFinished;
  const { data } = usePendingLinkRequests({ 'teachingClass.id': cls.id }, teaches);
  const [busy, setBusy] = useState<number | 'all' | null>(null);
  const [confirming, setConfirming] = useState(false);
  // Bumped once an answer and the refresh after it are done: focus is placed after that render, when the answered card
  // (or the whole panel) is gone.
  const [answered, setAnswered] = useState(0);
  useEffect(() => {
    if (answered) focusAfterAnswer(heading.current);
  }, [answered]);

  const places = useMemo(() => new Map((cls.teachingClassStudents ?? []).map((p) => [p.id, fullName(p)])), [cls.teachingClassStudents]);
  const studentOf = (r: StudentProfileUserInvitation) => {
    const placeId = refToId(r.teachingClassStudent);
    return {
      name: (placeId !== null && places.get(placeId)) || fullName(r.student),
      manage: `/teaching-class/${cls.id}/student/${placeId}/manage`,
    };
  };
  // Requests for the same student side by side (oldest first), so that several strangers asking for one child stand out.
  const byDate = [...(data?.['hydra:member'] ?? [])].sort((a, b) => (a.created < b.created ? -1 : a.created > b.created ? 1 : 0));
  const requests = sortByName(byDate, (r) => studentOf(r).name, intl.locale);
  const perStudent = new Map<string, number>();
  for (const r of requests) perStudent.set(r.teachingClassStudent, (perStudent.get(r.teachingClassStudent) ?? 0) + 1);

  const waiting = teaches && requests.length > 0;
  const atAnchor = location.hash === `#${FAMILY_REQUESTS_ANCHOR}`;
  useEffect(() => {
    if (!waiting || !atAnchor || arrived.current === location.key) return;
    arrived.current = location.key;
    setExpanded(true);
  }, [waiting, atAnchor, location.key]);
  // Once unfolded for the arrival, the heading takes focus (and so comes into view, with Accept all beside it).
  useEffect(() => {
    if (expanded && arrived.current === location.key && atAnchor) heading.current?.focus();
  }, [expanded, atAnchor, location.key]);

  if (!waiting) return null;

  // The panel and the class (its students' family links) are read again after every answer, whatever it was.
  const refresh = async () => {
    await Promise.all([revalidateStudentLinks(), revalidateClassData()]);
    setAnswered((n) => n + 1);
  };

  const answer = async (r: StudentProfileUserInvitation, accept: boolean) => {
    const name = fullName(r.user);
    setBusy(r.id);
    try {
      await (accept ? acceptLinkRequest(r.id) : rejectLinkRequest(r.id));
      void track({ name: accept ? 'student_profile_invitation_accepted' : 'student_profile_invitation_rejected', screen: 'Class Detail' });
      const words = { name, student: studentOf(r).name };
      toast.success(intl.formatMessage({ id: accept ? 'web_families_accepted' : 'web_teachers_rejected' }, words));
    } catch (e) {
      toast.error(accept ? invitationErrorText(intl, e) : invitationErrorText(intl, e, 'web_invitation_error_reject'));
    } finally {
      setBusy(null);
      await refresh();
    }
  };

  const acceptAll = async () => {
    setBusy('all');
    try {
      const done = await acceptAllLinkRequests(cls.id);
      void track({ name: 'student_profile_invitations_accepted_all', screen: 'Class Detail' });
      toast.success(intl.formatMessage({ id: 'web_families_accepted_all' }, { count: done['hydra:totalItems'] }));
    } catch (e) {
      toast.error(invitationErrorText(intl, e));
    } finally {
      setBusy(null);
      setConfirming(false);
      await refresh();
    }
  };

  return (
    <section
      id={FAMILY_REQUESTS_ANCHOR}
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <h2 id={titleId} ref={heading} tabIndex={-1} className="text-base font-semibold text-slate-900">
          <FormattedMessage id="web_families_title" values={{ count: requests.length }} />
        </h2>
        <div className="flex flex-wrap gap-2">
          {expanded && (
            <Button disabled={busy !== null} busy={busy === 'all'} onClick={() => setConfirming(true)}>
              <FormattedMessage id="web_families_accept_all" values={{ count: requests.length }} />
            </Button>
          )}
          <Button variant="secondary" aria-expanded={expanded} aria-controls={listId} onClick={() => setExpanded((e) => !e)}>
            <FormattedMessage id={expanded ? 'web_families_hide' : 'web_families_show'} />
          </Button>
        </div>
      </div>
      <div id={listId} hidden={!expanded} className="space-y-3">
        <p className="text-sm text-slate-700">
          <FormattedMessage id="web_families_intro" />
        </p>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-labelledby={titleId}>
          {requests.map((r) => (
            <li key={r.id}>
              <FamilyRequestCard
                request={r}
                student={studentOf(r)}
                sameStudent={perStudent.get(r.teachingClassStudent) ?? 1}
                busy={busy === r.id}
                disabled={busy !== null}
                onAnswer={(accept) => void answer(r, accept)}
              />
            </li>
          ))}
        </ul>
      </div>
      <ConfirmDialog
        open={confirming}
        tone="primary"
        busy={busy === 'all'}
        title={<FormattedMessage id="web_families_confirm_title" values={{ count: requests.length }} />}
        confirmLabel={<FormattedMessage id="web_families_confirm" />}
        onConfirm={() => void acceptAll()}
        onClose={() => setConfirming(false)}
      >
        <FormattedMessage id="web_families_confirm_body" />
      </ConfirmDialog>
    </section>
  );
}

/** Whether the class page knows if family requests wait (the banner above the students is drawn with them, not after). */
export function useFamilyRequestsKnown(cls: TeachingClass) {
  const teaches = may(cls, 'manageLinks') && !cls.isFinished;
  const { data, error } = usePendingLinkRequests({ 'teachingClass.id': cls.id }, teaches);
  return !teaches || data !== undefined || error !== undefined;
}

/**
 * The answered card (or the whole panel) is gone with the button that had focus: focus goes to the panel's heading,
 * or to the students' heading when no request is left, not to wherever the browser puts it when a focused element goes.
 * The home observations banner does the same.
 */
export function focusAfterAnswer(panelHeading: HTMLElement | null) {
  const target = panelHeading?.isConnected ? panelHeading : document.getElementById('class-students-title');
  if (!target) return;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
}

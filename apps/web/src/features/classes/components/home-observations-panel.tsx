import type { HomeObservation, TeachingClass } from '@skillroom/contract/types';
import { useEffect, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { Button } from '../../../components/ui/button';
import { HomeObservationCard } from '../../../entities/home-observations/home-observation-card';
import {
  approveHomeObservation,
  rejectHomeObservation,
  revalidateHomeObservations,
  useHomeObservations,
} from '../../../entities/home-observations/home-observations-api';
import { HOME_OBSERVATIONS_ANCHOR } from '../../../entities/notifications/notification-target';
import { classFeeds, revalidateRatings } from '../../../entities/ratings/ratings-api';
import { ApiError } from '../../../lib/api-client';
import { fullName, may } from '../../../lib/teaching-classes';
import { focusAfterAnswer } from './family-requests-panel';
import { RejectHomeObservationDialog } from './reject-home-observation-dialog';

/** The class's teachers answer home observations (DESIGN §11: as they answer family requests; evaluators do not). */
const answers = (cls: TeachingClass) => may(cls, 'manageLinks') && !cls.isFinished;

/**
 * DESIGN §11 on the class page: "From home (n)", one compact banner line above the students while families' home
 * observations wait (issue 36: the tiles move down by that line only); "Show" unfolds each (child, skill and action,
 * note, files) with Approve, which makes it a rating of the child marked "At home", and Reject, which asks the reason
 * the family will read. Opened at `#home-observations` (the bell's type 12), it unfolds at once and takes focus.
 */
export function HomeObservationsPanel({ cls }: { cls: TeachingClass }) {
  const intl = useIntl();
  const titleId = useId();
  const listId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const location = useLocation();
  const arrived = useRef<string | null>(null);
  const [expanded, setExpanded] = useState(false);
  const [busy, setBusy] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState<HomeObservation | null>(null);
  const [rejectError, setRejectError] = useState<string | null>(null);
  const { data } = useHomeObservations(answers(cls) ? { classId: cls.id, status: 'pending' } : null);
  const waiting = data?.['hydra:member'] ?? [];
  const total = data?.['hydra:totalItems'] ?? 0;
  const atAnchor = location.hash === `#${HOME_OBSERVATIONS_ANCHOR}`;
  const shows = waiting.length > 0;

  useEffect(() => {
    if (!shows || !atAnchor || arrived.current === location.key) return;
    arrived.current = location.key;
    setExpanded(true);
  }, [shows, atAnchor, location.key]);
  useEffect(() => {
    if (expanded && atAnchor && arrived.current === location.key) heading.current?.focus();
  }, [expanded, atAnchor, location.key]);

  if (!shows) return null;

  const done = async (approved: boolean) => {
    await Promise.all([revalidateHomeObservations(), approved ? revalidateRatings(classFeeds(cls)) : null]);
    focusAfterAnswer(heading.current);
  };

  const approve = async (o: HomeObservation) => {
    setBusy(o.id);
    try {
      await approveHomeObservation(o.id);
      toast.success(intl.formatMessage({ id: 'web_home_observations_approved_toast' }, { name: fullName(o.studentName) }));
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : intl.formatMessage({ id: 'web_common_fetch_failed' }));
    } finally {
      setBusy(null);
      await done(true);
    }
  };

  const reject = async (reason: string) => {
    const o = rejecting;
    if (!o) return;
    setBusy(o.id);
    setRejectError(null);
    try {
      await rejectHomeObservation(o.id, reason);
      toast.success(intl.formatMessage({ id: 'web_home_observations_rejected_toast' }, { name: fullName(o.studentName) }));
      setRejecting(null);
      await done(false);
    } catch (e) {
      // A reason the server refuses stays in the dialog to be changed; an answer given meanwhile closes it.
      if (e instanceof ApiError && e.status === 400) setRejectError(e.violations.map((v) => v.message).join(' ') || e.message);
      else {
        toast.error(e instanceof ApiError ? e.message : intl.formatMessage({ id: 'web_common_fetch_failed' }));
        setRejecting(null);
        await done(false);
      }
    } finally {
      setBusy(null);
    }
  };

  return (
    <section
      id={HOME_OBSERVATIONS_ANCHOR}
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <h2 id={titleId} ref={heading} tabIndex={-1} className="text-base font-semibold text-slate-900">
          <FormattedMessage id="web_home_observations_banner" values={{ count: total }} />
        </h2>
        <Button variant="secondary" aria-expanded={expanded} aria-controls={listId} onClick={() => setExpanded((e) => !e)}>
          <FormattedMessage id={expanded ? 'web_home_observations_hide' : 'web_home_observations_show'} />
        </Button>
      </div>
      <div id={listId} hidden={!expanded} className="space-y-3">
        <p className="text-sm text-slate-700">
          <FormattedMessage id="web_home_observations_intro" />
        </p>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-labelledby={titleId}>
          {waiting.map((o) => (
            <li key={o.id}>
              <HomeObservationCard
                observation={o}
                showStudent
                actions={
                  <>
                    <Button busy={busy === o.id && !rejecting} disabled={busy !== null} onClick={() => void approve(o)}>
                      <FormattedMessage id="web_home_observations_approve" />
                    </Button>
                    <Button
                      variant="secondary"
                      disabled={busy !== null}
                      onClick={() => {
                        setRejectError(null);
                        setRejecting(o);
                      }}
                    >
                      <FormattedMessage id="web_home_observations_reject" />
                    </Button>
                  </>
                }
              />
            </li>
          ))}
        </ul>
      </div>
      <RejectHomeObservationDialog
        student={rejecting ? fullName(rejecting.studentName) : null}
        busy={rejecting !== null && busy === rejecting.id}
        error={rejectError}
        onReject={(reason) => void reject(reason)}
        onClose={() => setRejecting(null)}
        fallbackFocus={() => heading.current}
      />
    </section>
  );
}

/** Whether the class page knows if home observations wait (the banner is drawn with the students, not after them). */
export function useHomeObservationsKnown(cls: TeachingClass) {
  const { data, error } = useHomeObservations(answers(cls) ? { classId: cls.id, status: 'pending' } : null);
  return !answers(cls) || data !== undefined || error !== undefined;
}

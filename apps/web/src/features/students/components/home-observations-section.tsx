import type { HomeObservation } from '@skillroom/contract/types';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Loading } from '../../../components/ui/spinner';
import { HomeObservationCard } from '../../../entities/home-observations/home-observation-card';
import {
  mayWithdraw,
  revalidateHomeObservations,
  useHomeObservations,
  withdrawHomeObservation,
} from '../../../entities/home-observations/home-observations-api';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';

// The form (the skills chooser, the date picker, the camera and upload code) loads when a family first opens it.
const HomeObservationForm = lazy(() => import('./home-observation-form').then((m) => ({ default: m.HomeObservationForm })));

/** How many of the family's own are shown before "Show all": the newest, which are the ones still waiting or answered lately. */
const SHOWN = 3;

interface Props {
  placeId: number;
  studentId: number;
  classId: number;
  /** A finished class takes nothing new (DESIGN §7): the family still sees what they shared. */
  open: boolean;
}

/**
 * DESIGN §11 on the family's page of their child: "Add from home" opens the form in place; below it, what the family
 * shared, each with where it stands (waiting for the teacher, approved, or not accepted with the teacher's reason).
 * Its author may withdraw one still waiting, or delete one not accepted, after a confirmation (issue 37).
 */
export function HomeObservationsSection({ placeId, studentId, classId, open }: Props) {
  const titleId = useId();
  const formId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [adding, setAdding] = useState(false);
  const [all, setAll] = useState(false);
  const { data } = useHomeObservations({ placeId });
  const intl = useIntl();
  const { user } = useCurrentUser();
  const [withdrawing, setWithdrawing] = useState<HomeObservation | null>(null);
  const [busy, setBusy] = useState(false);
  const mine = data?.['hydra:member'] ?? [];
  const shown = all ? mine : mine.slice(0, SHOWN);
  const close = () => {
    setAdding(false);
    heading.current?.focus();
  };

  const withdraw = async () => {
    if (!withdrawing) return;
    setBusy(true);
    try {
      await withdrawHomeObservation(withdrawing.id);
      toast.success(intl.formatMessage({ id: 'web_home_observations_withdrawn' }));
      setWithdrawing(null);
    } catch (e) {
      // 409: a teacher approved it meanwhile (it is a rating now); the list shows so once asked again.
      const approved = e instanceof ApiError && e.status === 409;
      toast.error(
        intl.formatMessage({ id: approved ? 'web_home_observations_withdraw_approved' : 'web_home_observations_withdraw_error' }),
      );
      if (approved) setWithdrawing(null);
    } finally {
      setBusy(false);
      void revalidateHomeObservations();
    }
  };

  if (!open && mine.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className="space-y-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <h2 id={titleId} ref={heading} tabIndex={-1} className="text-base font-semibold text-slate-900">
          <FormattedMessage id="web_home_observations_title" />
        </h2>
        {open && (
          <Button variant="secondary" aria-expanded={adding} aria-controls={formId} onClick={() => setAdding((a) => !a)}>
            <FormattedMessage id="web_home_observations_add" />
          </Button>
        )}
      </div>
      <div id={formId} hidden={!adding}>
        {adding && (
          <Suspense fallback={<Loading />}>
            <HomeObservationForm placeId={placeId} studentId={studentId} classId={classId} onSent={close} onCancel={close} />
          </Suspense>
        )}
      </div>
      {shown.length > 0 && (
        <ul className="space-y-3" aria-labelledby={titleId}>
          {shown.map((o) => (
            <li key={o.id}>
              <HomeObservationCard
                observation={o}
                showStatus
                actions={
                  open && mayWithdraw(o, user?.id) ? (
                    <Button variant="danger-ghost" onClick={() => setWithdrawing(o)}>
                      <FormattedMessage id={o.status === 'pending' ? 'web_home_observations_withdraw' : 'web_home_observations_delete'} />
                    </Button>
                  ) : undefined
                }
              />
            </li>
          ))}
        </ul>
      )}
      {mine.length > SHOWN && (
        <Button variant="secondary" aria-expanded={all} onClick={() => setAll((a) => !a)}>
          <FormattedMessage
            id={all ? 'web_home_observations_show_fewer' : 'web_home_observations_show_all'}
            values={{ count: mine.length }}
          />
        </Button>
      )}
      <ConfirmDialog
        open={withdrawing !== null}
        title={
          <FormattedMessage
            id={withdrawing?.status === 'rejected' ? 'web_home_observations_delete_title' : 'web_home_observations_withdraw_title'}
          />
        }
        confirmLabel={
          <FormattedMessage id={withdrawing?.status === 'rejected' ? 'web_home_observations_delete' : 'web_home_observations_withdraw'} />
        }
        busy={busy}
        onConfirm={() => void withdraw()}
        onClose={() => setWithdrawing(null)}
        fallbackFocus={() => heading.current}
      >
        <FormattedMessage id="web_home_observations_withdraw_body" />
      </ConfirmDialog>
    </section>
  );
}

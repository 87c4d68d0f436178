import { lazy, Suspense, useId, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/spinner';
import { HomeObservationCard } from '../../../entities/home-observations/home-observation-card';
import { useHomeObservations } from '../../../entities/home-observations/home-observations-api';

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
 */
export function HomeObservationsSection({ placeId, studentId, classId, open }: Props) {
  const titleId = useId();
  const formId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [adding, setAdding] = useState(false);
  const [all, setAll] = useState(false);
  const { data } = useHomeObservations({ placeId });
  const mine = data?.['hydra:member'] ?? [];
  const shown = all ? mine : mine.slice(0, SHOWN);
  const close = () => {
    setAdding(false);
    heading.current?.focus();
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
              <HomeObservationCard observation={o} showStatus />
            </li>
          ))}
        </ul>
      )}
      {mine.length > SHOWN && (
        <Button variant="secondary" aria-expanded={all} onClick={() => setAll((a) => !a)}>
          <FormattedMessage id={all ? 'web_home_observations_show_fewer' : 'web_home_observations_show_all'} values={{ count: mine.length }} />
        </Button>
      )}
    </section>
  );
}

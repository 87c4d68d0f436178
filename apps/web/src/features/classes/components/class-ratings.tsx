import { refToId } from '@skillroom/contract/rules';
import type { Rating, TeachingClass } from '@skillroom/contract/types';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { useClassSkills } from '../../../entities/learning-skills/learning-skills-api';
import type { RatingCapture, SheetTarget } from '../../../entities/ratings/rating-capture';
import { RatingFeed } from '../../../entities/ratings/rating-feed';
import { placeIri } from '../../../entities/ratings/ratings-api';
import { fullName, may } from '../../../lib/teaching-classes';
import { useClassCoverage } from '../api/coverage-api';
import { ClassSkillsSection } from './class-skills-section';
import { CoveragePanel } from './coverage-panel';
import { FinishedFrameworks } from './frameworks-section';
import { ClassStudentsGrid } from './class-students-grid';
import { FamilyRequestsPanel, useFamilyRequestsKnown } from './family-requests-panel';
import { HomeObservationsPanel, useHomeObservationsKnown } from './home-observations-panel';

/**
 * The class's students, quick rating (DESIGN §7) and the class's feed. Everyone who sees the class may rate (DESIGN §2:
 * creator, co-teachers and evaluators) until it is finished; the teachers also choose the class's skills. The sheet
 * and the feed's waiting saves are the rating capture's (`capture`).
 */
export function ClassRatings({ cls, capture: { Sheet, Waiting } }: { cls: TeachingClass; capture: RatingCapture }) {
  const skills = useClassSkills(cls.id);
  const classSkills = skills.data?.['hydra:member'] ?? [];
  const names = useMemo(
    () => new Map((cls.teachingClassStudents ?? []).map((s) => [placeIri(s.id), fullName(s)])),
    [cls.teachingClassStudents],
  );
  const [target, setTarget] = useState<SheetTarget | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const coverage = useClassCoverage(cls.id);
  const days = coverage.data?.days;
  const notObservedList = coverage.data?.notObserved;
  const marked = useMemo(
    () => (notObservedList ? new Set(notObservedList.map((x) => refToId(x.teachingClassStudent) ?? 0)) : null),
    [notObservedList],
  );
  // The order is the page's first answer's: a student just rated loses the mark but keeps the place (and the focus the
  // closed sheet gives back), rather than the tiles moving under the teacher's finger.
  const [first, setFirst] = useState<ReadonlySet<number> | null>(null);
  if (first === null && marked) setFirst(marked);
  // Kept while the answer is the same, so that the memoised grid is not drawn again for nothing.
  const notObserved = useMemo(() => (marked && days ? { places: marked, first: first ?? marked, days } : null), [marked, first, days]);
  const banner = useMemo(
    () => (coverage.data ? <CoveragePanel cls={cls} coverage={coverage.data} canRate={!cls.isFinished} /> : null),
    [cls, coverage.data],
  );

  // The editor (its own screen) comes back here with the observation it saved, to show and mark it.
  const edited = (useLocation().state as { savedObservation?: string } | null)?.savedObservation ?? null;
  const open = !cls.isFinished;

  // Kept across renders, so that the feed's cards and the grid are not drawn again when the sheet opens or a list arrives.
  const actionsOf = useCallback(
    (group: Rating[]) =>
      group[0]!.canEdit && open ? (
        <Link to={`/teaching-class/${cls.id}/rating/${group[0]!.id}/edit`} className={buttonClass('secondary')}>
          <FormattedMessage id="web_rating_edit" />
        </Link>
      ) : null,
    [cls.id, open],
  );
  const rate = useCallback((studentId: number | null) => setTarget({ studentId }), []);
  // The banner above the students and the skills section above the feed come with them, not after: neither pushes what a
  // phone's first screen shows down once it is drawn (a layout shift), now that the students' tiles are compact.
  const skillsKnown = !(may(cls, 'manageSkills') && open) || skills.data !== undefined || skills.error !== undefined;
  const requestsKnown = useFamilyRequestsKnown(cls);
  const homeKnown = useHomeObservationsKnown(cls);
  const coverageKnown = coverage.data !== undefined || coverage.error !== undefined;
  const drawn = useKnownOrLate(requestsKnown && homeKnown && skillsKnown && coverageKnown);
  if (!drawn) return null;

  return (
    <>
      {/* Compact banners above the students (issue 36): what waits for the teacher stays in sight until it is done. Who
          was not observed lately (DESIGN §12 Coverage) is the grid's own first line, those students first in it. */}
      <FamilyRequestsPanel cls={cls} />
      <HomeObservationsPanel cls={cls} />
      <ClassStudentsGrid cls={cls} onRate={open ? rate : null} notObserved={notObserved} banner={banner} />
      <div className="flex flex-wrap items-center gap-3">
        <Link to={`/teaching-class/${cls.id}/report`} className={buttonClass('secondary')}>
          <FormattedMessage id="web_report_open_class" />
        </Link>
      </div>
      {open && <Sheet cls={cls} target={target} onClose={() => setTarget(null)} onSaved={setSaved} />}
      {may(cls, 'manageSkills') && open && skills.data && <ClassSkillsSection cls={cls} skills={classSkills} />}
      {/* A finished class adopts no framework (DESIGN §7): its creator still finds them, off, with the reason. */}
      {may(cls, 'adoptFramework') && !open && <FinishedFrameworks cls={cls} used={new Set(classSkills.map((s) => s.id))} />}
      <div className="max-w-3xl">
        <RatingFeed
          filter={{ classId: cls.id }}
          title={<FormattedMessage id="web_rating_feed_title" />}
          empty={<FormattedMessage id={open ? 'web_capture_feed_empty' : 'web_capture_feed_empty_finished'} />}
          studentNames={names}
          actionsOf={actionsOf}
          highlight={saved ?? edited}
          waiting={Waiting}
        />
      </div>
    </>
  );
}

/** True once `known`, or 1.5 s after the first render whatever it is: a slow answer never keeps the students off the screen. */
function useKnownOrLate(known: boolean) {
  const [late, setLate] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setLate(true), 1500);
    return () => window.clearTimeout(timer);
  }, []);
  return known || late;
}

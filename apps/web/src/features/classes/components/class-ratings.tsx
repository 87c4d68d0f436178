import type { Rating, TeachingClass } from '@skillroom/contract/types';
import { useCallback, useMemo, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { useClassSkills } from '../../../entities/learning-skills/learning-skills-api';
import { RatingFeed } from '../../../entities/ratings/rating-feed';
import { RatingSheet, type SheetTarget } from '../../../entities/ratings/rating-sheet';
import { placeIri } from '../../../entities/ratings/save-ratings';
import { fullName, may } from '../../../lib/teaching-classes';
import { ClassSkillsSection } from './class-skills-section';
import { ClassStudentsGrid } from './class-students-grid';
import { FamilyRequestsPanel } from './family-requests-panel';

/**
 * The class's students, quick rating (DESIGN §7) and the class's feed. Everyone who sees the class may rate (DESIGN §2:
 * creator, co-teachers and evaluators) until it is finished; the teachers also choose the class's skills.
 */
export function ClassRatings({ cls }: { cls: TeachingClass }) {
  const skills = useClassSkills(cls.id);
  const classSkills = skills.data?.['hydra:member'] ?? [];
  const names = useMemo(
    () => new Map((cls.teachingClassStudents ?? []).map((s) => [placeIri(s.id), fullName(s)])),
    [cls.teachingClassStudents],
  );
  const [target, setTarget] = useState<SheetTarget | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
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

  return (
    <>
      <ClassStudentsGrid cls={cls} onRate={open ? rate : null} />
      <FamilyRequestsPanel cls={cls} />
      <div className="flex flex-wrap items-center gap-3">
        <Link to={`/teaching-class/${cls.id}/report`} className={buttonClass('secondary')}>
          <FormattedMessage id="web_report_open_class" />
        </Link>
      </div>
      {open && <RatingSheet cls={cls} target={target} onClose={() => setTarget(null)} onSaved={setSaved} />}
      {may(cls, 'manageSkills') && open && skills.data && <ClassSkillsSection cls={cls} skills={classSkills} />}
      <div className="max-w-3xl">
        <RatingFeed
          filter={{ classId: cls.id }}
          title={<FormattedMessage id="web_rating_feed_title" />}
          empty={<FormattedMessage id={open ? 'web_capture_feed_empty' : 'web_capture_feed_empty_finished'} />}
          studentNames={names}
          actionsOf={actionsOf}
          highlight={saved ?? edited}
        />
      </div>
    </>
  );
}

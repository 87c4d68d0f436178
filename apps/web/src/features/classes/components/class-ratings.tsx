import type { Rating, TeachingClass } from '@skillroom/contract';
import { useMemo, useReducer, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { useClassSkills } from '../../../entities/learning-skills/learning-skills-api';
import { RatingFeed } from '../../../entities/ratings/rating-feed';
import { placeIri } from '../../../entities/ratings/save-ratings';
import { canManageStudents, fullName } from '../../../lib/teaching-classes';
import { ClassSkillsSection } from './class-skills-section';
import { ClassStudentsGrid } from './class-students-grid';
import { RatingPanel, ratingPlaceIds } from './rating-panel';
import { idle, selectionReducer } from './rating-selection';

/**
 * The class's students, the rating flow of spec §4 and the class's feed. Everyone who sees the class may rate
 * (DESIGN §2: creator, co-teachers and evaluators); the teachers also choose the class's skills.
 */
export function ClassRatings({ cls }: { cls: TeachingClass }) {
  const [selection, dispatch] = useReducer(selectionReducer, idle);
  const skills = useClassSkills(cls.id);
  const classSkills = skills.data?.['hydra:member'] ?? [];
  const names = useMemo(() => new Map((cls.teachingClassStudents ?? []).map((s) => [placeIri(s.id), fullName(s)])), [cls.teachingClassStudents]);
  const [editing, setEditing] = useState<Rating | null>(null);

  const update = (r: Rating) => {
    setEditing(r);
    dispatch({ type: 'update', ratingId: r.id, studentIds: ratingPlaceIds(r), skillId: r.learningSkill.id, actionId: r.learningAction.id });
  };

  const actionsOf = (r: Rating) =>
    r.canEdit ? (
      <>
        <Button variant="secondary" onClick={() => update(r)}>
          <FormattedMessage id="web_rating_update" />
        </Button>
        <Link to={`/teaching-class/${cls.id}/rating/${r.id}/edit`} className={buttonClass('ghost')}>
          <FormattedMessage id="web_rating_edit" />
        </Link>
      </>
    ) : null;

  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        {!selection.selectMode && (
          <Button onClick={() => dispatch({ type: 'start' })}>
            <span aria-hidden="true">★</span>
            <FormattedMessage id="web_rating_start" />
          </Button>
        )}
        <Link to={`/teaching-class/${cls.id}/report`} className={buttonClass('secondary')}>
          <FormattedMessage id="web_report_open_class" />
        </Link>
      </div>
      {selection.selectMode ? (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)] lg:items-start">
          <div className="space-y-2">
            <p className="text-sm text-slate-700">
              <FormattedMessage id="web_rating_pick_hint" />
            </p>
            <ClassStudentsGrid cls={cls} picking={{ ids: selection.studentIds, onToggle: (id) => dispatch({ type: 'toggleStudent', id }) }} />
          </div>
          <div className="lg:sticky lg:top-4">
            <RatingPanel
              key={selection.ratingId ?? 'new'}
              cls={cls}
              skills={classSkills}
              selection={selection}
              dispatch={dispatch}
              rating={selection.editMode ? editing : null}
            />
          </div>
        </div>
      ) : (
        <ClassStudentsGrid cls={cls} />
      )}
      {canManageStudents(cls) && skills.data && <ClassSkillsSection cls={cls} skills={classSkills} />}
      <div className="max-w-3xl">
        <RatingFeed
          filter={{ classId: cls.id }}
          title={<FormattedMessage id="web_rating_feed_title" />}
          empty={<FormattedMessage id="web_rating_feed_empty" />}
          studentNames={names}
          actionsOf={actionsOf}
        />
      </div>
    </>
  );
}

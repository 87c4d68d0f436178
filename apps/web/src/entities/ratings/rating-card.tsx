import { MediaType } from '@skillroom/contract/constants';
import { RATING_POINTS } from '@skillroom/contract/rules';
import type { Rating } from '@skillroom/contract/types';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Avatar } from '../../components/ui/avatar';
import { formatDate } from '../../lib/dates';
import { fullName } from '../../lib/teaching-classes';
import { SkillIcon } from '../learning-skills/skill-icon';
import { useNameOf } from '../learning-skills/skill-label';
import { useStageName } from '../learning-skills/stage-name';
import { MediaGrid } from './media-preview';
import { observationMedias } from './observations';

/**
 * Points as stars with the number beside them, read out as "3 of 5 points". The number keeps a middle mark (a quick
 * rating's 3) from reading as a poor one by its empty stars. With the skill's stage (DESIGN §12) its name goes below,
 * and in what is read out.
 */
export function Points({ points, stage }: { points: number; stage?: string | null }) {
  const intl = useIntl();
  const max = RATING_POINTS.max;
  return (
    <span
      role="img"
      aria-label={
        stage
          ? intl.formatMessage({ id: 'web_rating_points_stage' }, { points, max, stage })
          : intl.formatMessage({ id: 'web_rating_points_of' }, { points, max })
      }
      className="inline-flex shrink-0 flex-col items-end gap-1 leading-none"
    >
      <span className="inline-flex items-center gap-1">
        <span className="text-base tracking-tight">
          <span className="text-amber-600">{'★'.repeat(points)}</span>
          <span className="text-slate-300">{'★'.repeat(Math.max(0, max - points))}</span>
        </span>
        <span className="text-xs font-semibold text-slate-700">
          {points}/{max}
        </span>
      </span>
      {stage && <span className="text-xs font-medium text-slate-700">{stage}</span>}
    </span>
  );
}

/** A feed card's frame (a waiting save's card shares it). */
export const cardClass =
  'space-y-3 rounded-lg border border-l-4 border-slate-200 bg-white p-4 shadow-sm transition-shadow duration-1000 ring-0 ring-amber-400 ' +
  'data-marked:ring-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700';

interface Props {
  /** The ratings of one observation (DESIGN §7), newest first. */
  group: Rating[];
  /** Names of the class's students by place IRI; a viewer who cannot see the class gets none. */
  studentNames?: Map<string, string>;
  /** Buttons or links for what the viewer may do with it. */
  actions?: ReactNode;
  /** The feed's first card with a photo: that photo is the page's likely largest picture, loaded first. */
  priority?: boolean;
  /** Hearts and comments (DESIGN §11), below the evidence. */
  feedback?: ReactNode;
}

/** Whether an observation shows a photo (the feed gives the first such card priority). */
export const showsPhoto = (group: Rating[]) => group.some((r) => r.medias.some((m) => m.media.mediaType === MediaType.RatingPhoto));

/** One observation in a feed: who rated, its actions with their points, students, the note and evidence once each. */
export function RatingCard({ group, studentNames, actions, priority = false, feedback }: Props) {
  const intl = useIntl();
  const nameOf = useNameOf();
  const stageName = useStageName();
  const first = group[0]!;
  const author = first.creator ? fullName(first.creator) : null;
  const iris = [...new Set(group.flatMap((r) => r.students))];
  const named = iris.map((iri) => studentNames?.get(iri)).filter((n): n is string => Boolean(n));
  // A rating of a skill with no action (the product's own clients rate so, DESIGN §14) is of the skill as a whole.
  const actionOf = (r: Rating) => (r.learningAction ? nameOf(r.learningAction) : intl.formatMessage({ id: 'web_rating_skill_as_whole' }));
  const label = group.map((r) => `${nameOf(r.learningSkill)}: ${actionOf(r)}`).join('; ');
  const note = group.find((r) => r.description)?.description;

  // The feed marks a card just saved (data-marked) for a moment; its ring fades as the mark goes.
  return (
    <article
      aria-label={label}
      tabIndex={-1}
      data-observation={first.observation}
      className={cardClass}
      style={{ borderLeftColor: first.learningSkill.colorCode }}
    >
      <ul className="space-y-2">
        {group.map((r) => (
          <li key={r.id} className="flex items-start gap-3">
            <SkillIcon icon={r.learningSkill.avatar} colorCode={r.learningSkill.colorCode} name={nameOf(r.learningSkill)} size={36} />
            <div className="min-w-0 flex-1">
              <p className="text-sm font-semibold break-words text-slate-900">{nameOf(r.learningSkill)}</p>
              <p className={`text-base break-words text-slate-800 ${r.learningAction ? '' : 'italic'}`}>{actionOf(r)}</p>
            </div>
            <Points points={r.points} stage={stageName.at(r.learningSkill.stages, r.points)} />
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        {first.creator && author ? (
          <span className="inline-flex items-center gap-2">
            <Avatar media={first.creator.avatar} name={author} size={24} />
            <FormattedMessage id="web_rating_by" values={{ name: author }} />
          </span>
        ) : (
          // Its author deleted their account (DESIGN §6 "Accounts"): the rating stays, its author is named so.
          <span>
            <FormattedMessage id="web_rating_by" values={{ name: intl.formatMessage({ id: 'web_rating_former_member' }) }} />
          </span>
        )}
        <span aria-hidden="true">·</span>
        <time dateTime={first.date}>{formatDate(first.date)}</time>
        {first.source === 'home' && (
          // A family's home observation a teacher approved (DESIGN §11): set apart from the teachers' ratings.
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900" data-testid="rating-at-home">
            <FormattedMessage id="web_home_observations_at_home" />
          </span>
        )}
        {first.isWholeClass && (
          <span className="rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-semibold text-indigo-900">
            <FormattedMessage id="web_rating_whole_class" />
          </span>
        )}
      </div>
      {named.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={intl.formatMessage({ id: 'web_rating_students_label' })}>
          {named.map((n) => (
            <li key={n} className="rounded-full bg-slate-100 px-2 py-0.5 text-sm text-slate-800">
              {n}
            </li>
          ))}
        </ul>
      )}
      {note && <p className="text-sm whitespace-pre-line text-slate-800">{note}</p>}
      <MediaGrid medias={observationMedias(group)} priority={priority} />
      {feedback}
      {actions && <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-3">{actions}</div>}
    </article>
  );
}

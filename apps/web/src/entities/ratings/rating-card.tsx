import { RATING_POINTS, type Rating } from '@skillroom/contract';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Avatar } from '../../components/ui/avatar';
import { formatDate } from '../../lib/dates';
import { fullName } from '../../lib/teaching-classes';
import { SkillIcon } from '../learning-skills/skill-icon';
import { useNameOf } from '../learning-skills/skill-label';
import { MediaGrid } from './media-preview';

/** Points as filled and empty stars, read out as "3 of 5 points". */
export function Points({ points }: { points: number }) {
  const intl = useIntl();
  return (
    <span
      role="img"
      aria-label={intl.formatMessage({ id: 'web_rating_points_of' }, { points, max: RATING_POINTS.max })}
      className="text-lg leading-none tracking-tight"
    >
      <span className="text-amber-600">{'★'.repeat(points)}</span>
      <span className="text-slate-300">{'★'.repeat(Math.max(0, RATING_POINTS.max - points))}</span>
    </span>
  );
}

interface Props {
  rating: Rating;
  /** Names of the class's students by place IRI; a viewer who cannot see the class gets none. */
  studentNames?: Map<string, string>;
  /** Buttons or links for what the viewer may do with it. */
  actions?: ReactNode;
}

/** One rating in a feed: who rated, the skill and action, points, students, note and evidence. */
export function RatingCard({ rating, studentNames, actions }: Props) {
  const intl = useIntl();
  const nameOf = useNameOf();
  const skill = nameOf(rating.learningSkill);
  const action = nameOf(rating.learningAction);
  const author = rating.creator ? fullName(rating.creator) : null;
  const named = rating.students.map((iri) => studentNames?.get(iri)).filter((n): n is string => Boolean(n));

  return (
    <article
      aria-label={`${skill}: ${action}`}
      className="space-y-3 rounded-lg border border-slate-200 border-l-4 bg-white p-4 shadow-sm"
      style={{ borderLeftColor: rating.learningSkill.colorCode }}
    >
      <header className="flex items-start gap-3">
        <SkillIcon icon={rating.learningSkill.avatar} colorCode={rating.learningSkill.colorCode} name={skill} size={40} />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold break-words text-slate-900">{skill}</p>
          <p className="text-base break-words text-slate-800">{action}</p>
        </div>
        <Points points={rating.points} />
      </header>
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        {rating.creator && author ? (
          <span className="inline-flex items-center gap-2">
            <Avatar media={rating.creator.avatar} name={author} size={24} />
            <FormattedMessage id="web_rating_by" values={{ name: author }} />
          </span>
        ) : (
          // Its author deleted their account (DESIGN §6 "Accounts"): the rating stays, its author is named so.
          <span>
            <FormattedMessage id="web_rating_by" values={{ name: intl.formatMessage({ id: 'web_rating_former_member' }) }} />
          </span>
        )}
        <span aria-hidden="true">·</span>
        <time dateTime={rating.date}>{formatDate(rating.date)}</time>
        {rating.isWholeClass && (
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
      {rating.description && <p className="text-sm whitespace-pre-line text-slate-800">{rating.description}</p>}
      <MediaGrid medias={rating.medias.map((m) => m.media)} />
      {actions && <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-3">{actions}</div>}
    </article>
  );
}

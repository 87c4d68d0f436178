import type { RatingComment, RatingReactionSummary } from '@skillroom/contract';
import { embedded, iri, iso } from '../../http/hydra';
import { marker } from '../users/users.presenter';
import type { ratingCommentsRepository } from './rating-comments.repository';

type ListedComment = Awaited<ReturnType<typeof ratingCommentsRepository.list>>['rows'][number];

export function presentRatingComment(r: ListedComment, userId: number): RatingComment {
  const c = r.comment;
  return embedded('RatingComment', 'rating-comment', c.id, {
    id: c.id,
    created: iso(c.created)!,
    updated: iso(c.updated)!,
    rating: iri('rating', c.ratingId),
    text: c.text,
    author: embedded(marker(r.author.accountType), 'user', r.author.id, {
      id: r.author.id,
      firstName: r.author.firstName,
      lastName: r.author.lastName,
    }),
    teachingClassStudent: c.teachingClassStudentId === null ? null : iri('teaching-class-student', c.teachingClassStudentId),
    byTeacher: r.byTeacher,
    isHidden: c.isHidden,
    canDelete: r.taught || c.authorId === userId,
    canHide: r.taught,
  });
}

export function presentReactionSummary(r: {
  id: number;
  hearts: number;
  reacted: boolean;
  comments: number;
  canComment: boolean;
  canReact: boolean;
}): RatingReactionSummary {
  return {
    '@id': `${iri('rating', r.id)}/reaction`,
    '@type': 'RatingReactions',
    rating: iri('rating', r.id),
    hearts: Number(r.hearts),
    reacted: r.reacted,
    comments: Number(r.comments),
    canComment: r.canComment,
    canReact: r.canReact,
  };
}

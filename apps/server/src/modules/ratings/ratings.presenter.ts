import type { Rating, RatingMedia, RatingStudent } from '@skillroom/contract';
import { embedded, iri, iso } from '../../http/hydra';
import type { UrlSigner } from '../../lib/url-signer';
import { presentAction, presentSkill } from '../learning-skills/learning-skills.presenter';
import { presentMedia, type MediaRow } from '../media/media.presenter';
import { marker } from '../users/users.presenter';
import type { FullRating, RatingMediaRow, RatingStudentRow } from './ratings.repository';

export function presentRatingMedia(r: { link: RatingMediaRow; media: MediaRow }, signer: UrlSigner): RatingMedia {
  return embedded('RatingMedia', 'rating-media', r.link.id, {
    id: r.link.id,
    created: iso(r.link.created)!,
    updated: iso(r.link.updated)!,
    rating: iri('rating', r.link.ratingId),
    media: presentMedia(r.media, signer),
  });
}

export function presentRatingStudent(r: RatingStudentRow): RatingStudent {
  return embedded('RatingStudent', 'rating-student', r.id, {
    id: r.id,
    created: iso(r.created)!,
    updated: iso(r.created)!,
    rating: iri('rating', r.ratingId),
    student: iri('student', r.studentId),
    teachingClassStudent: iri('teaching-class-student', r.teachingClassStudentId),
  });
}

export function presentRating(r: FullRating, signer: UrlSigner, canEdit: boolean): Rating {
  const x = r.rating;
  return embedded('Rating', 'rating', x.id, {
    id: x.id,
    created: iso(x.created)!,
    updated: iso(x.updated)!,
    date: x.date,
    points: x.points,
    description: x.description,
    observation: x.observation,
    teachingClass: iri('teaching-class', x.teachingClassId),
    learningSkill: presentSkill({ skill: r.skill, avatar: r.skillIcon }, signer),
    learningAction: r.action ? presentAction(r.action) : null,
    creator: r.creator
      ? embedded(marker(r.creator.accountType), 'user', r.creator.id, {
          id: r.creator.id,
          firstName: r.creator.firstName,
          lastName: r.creator.lastName,
          avatar: r.creatorAvatar ? presentMedia(r.creatorAvatar, signer) : null,
        })
      : null,
    students: r.places.map((id) => iri('teaching-class-student', id)),
    isWholeClass: x.isWholeClass,
    medias: r.medias.map((m) => presentRatingMedia(m, signer)),
    canEdit,
    source: x.source,
  });
}

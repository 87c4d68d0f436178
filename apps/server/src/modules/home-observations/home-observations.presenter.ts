import type { HomeObservation } from '@skillroom/contract';
import { iri, iso } from '../../http/hydra';
import type { UrlSigner } from '../../lib/url-signer';
import { presentMedia, type MediaRow } from '../media/media.presenter';
import type { FullHomeObservation } from './home-observations.repository';

export function presentHomeObservation(r: FullHomeObservation, medias: MediaRow[], signer: UrlSigner): HomeObservation {
  const o = r.obs;
  return {
    '@id': iri('home-observation', o.id),
    '@type': 'HomeObservation',
    id: o.id,
    created: iso(o.created)!,
    updated: iso(o.updated)!,
    teachingClass: iri('teaching-class', o.teachingClassId),
    teachingClassStudent: iri('teaching-class-student', o.teachingClassStudentId),
    studentName: { firstName: r.student.firstName, lastName: r.student.lastName },
    learningSkill: r.skill,
    learningAction: r.action,
    date: o.date,
    description: o.description,
    status: o.status,
    reason: o.reason,
    creator: r.creator?.id ? r.creator : null,
    rating: o.ratingId === null ? null : iri('rating', o.ratingId),
    medias: medias.map((m) => presentMedia(m, signer)),
  };
}

/** Each row with its attachments, read in one statement for the page. */
export function mediaByObservation(rows: { homeObservationId: number; media: MediaRow }[]) {
  const by = new Map<number, MediaRow[]>();
  for (const r of rows) by.set(r.homeObservationId, [...(by.get(r.homeObservationId) ?? []), r.media]);
  return by;
}

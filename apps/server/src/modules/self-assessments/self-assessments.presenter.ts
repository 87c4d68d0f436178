import { stageOf, type SelfAssessment } from '@skillroom/contract';
import { iri, iso } from '../../http/hydra';
import type { UrlSigner } from '../../lib/url-signer';
import { presentStages, type Translate } from '../learning-skills/learning-skills.presenter';
import { presentMedia, type MediaRow } from '../media/media.presenter';
import type { FullSelfAssessment } from './self-assessments.repository';

export function presentSelfAssessment(r: FullSelfAssessment, medias: MediaRow[], signer: UrlSigner, t: Translate): SelfAssessment {
  const s = r.sa;
  const stage = stageOf(r.skill.stages, s.points);
  return {
    '@id': iri('self-assessment', s.id),
    '@type': 'SelfAssessment',
    id: s.id,
    created: iso(s.created)!,
    updated: iso(s.updated)!,
    teachingClass: iri('teaching-class', s.teachingClassId),
    teachingClassStudent: iri('teaching-class-student', s.teachingClassStudentId),
    learningSkill: { '@id': iri('learning-skill', r.skill.id), id: r.skill.id, name: r.skill.name, translationKey: r.skill.translationKey },
    points: s.points,
    stage: stage ? presentStages([stage], t)[0]! : null,
    reflection: s.reflection,
    creator: r.creator?.id ? r.creator : null,
    medias: medias.map((m) => presentMedia(m, signer)),
    clientId: s.clientId,
  };
}

/** Each row's attachments, read in one statement for the page. */
export function mediaByOwner(rows: { ownerId: number; media: MediaRow }[]) {
  const by = new Map<number, MediaRow[]>();
  for (const r of rows) by.set(r.ownerId, [...(by.get(r.ownerId) ?? []), r.media]);
  return by;
}

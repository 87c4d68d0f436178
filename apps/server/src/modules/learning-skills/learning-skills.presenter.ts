import type { ClassLearningSkill, LearningAction, LearningSkill, SkillStage, TeachingClassLearningSkill } from '@skillroom/contract';
import { embedded, iri, iso } from '../../http/hydra';
import type { UrlSigner } from '../../lib/url-signer';
import { presentMedia, type MediaRow } from '../media/media.presenter';
import type { ActionRow, ClassSkillRow, SkillRow } from './learning-skills.repository';
import type { StoredStage } from '../../db/schema';
import { translator } from '../translations/translations.service';

/** Translates a key, or answers null when the locale has no text for it. */
export type Translate = (key: string) => string | null;

/** The texts of a locale; English (the stored texts) when the reader's language is not known. */
export function translateIn(locale: string): Translate {
  const t = translator(locale);
  return (key) => {
    const text = t(key);
    return text === key ? null : text;
  };
}

/** A skill's stages for the reader (DESIGN §12): shipped and generic stages in their language, written ones as written. */
export const presentStages = (stages: StoredStage[], t?: Translate): SkillStage[] =>
  stages.map((x) => ({
    points: x.points,
    name: (x.key && t?.(`${x.key}.name`)) || x.name,
    description: (x.key && t?.(`${x.key}.description`)) || x.description,
    translationKey: x.key,
  }));

export function presentAction(a: ActionRow): LearningAction {
  return embedded('LearningAction', 'learning-action', a.id, {
    id: a.id,
    created: iso(a.created)!,
    updated: iso(a.updated)!,
    name: a.name,
    translationKey: a.translationKey,
    position: a.position,
    learningSkill: iri('learning-skill', a.learningSkillId),
  });
}

export function presentSkill(
  r: { skill: SkillRow; avatar: MediaRow | null; canEdit?: boolean },
  signer: UrlSigner,
  actions?: ActionRow[],
  t?: Translate,
): LearningSkill {
  const s = r.skill;
  return embedded('LearningSkill', 'learning-skill', s.id, {
    id: s.id,
    created: iso(s.created)!,
    updated: iso(s.updated)!,
    name: s.name,
    translationKey: s.translationKey,
    colorCode: s.colorCode,
    avatar: r.avatar ? presentMedia(r.avatar, signer) : null,
    isPublic: s.isPublic,
    creator: s.creatorId ? iri('user', s.creatorId) : null,
    ...(r.canEdit !== undefined ? { canEdit: Boolean(r.canEdit) } : {}),
    ...(actions ? { learningActions: actions.map(presentAction) } : {}),
    stages: presentStages(s.stages, t),
    framework: s.framework,
  });
}

export function presentClassSkill(
  r: { skill: SkillRow; avatar: MediaRow | null; canEdit: boolean; linkId: number },
  signer: UrlSigner,
  actions: ActionRow[],
  t?: Translate,
): ClassLearningSkill {
  return {
    ...presentSkill(r, signer, actions, t),
    learningActions: actions.map(presentAction),
    teachingClassLearningSkill: iri('teaching-class-learning-skill', r.linkId),
  };
}

export function presentLink(
  r: { link: ClassSkillRow; skill: SkillRow; avatar: MediaRow | null; canEdit: boolean },
  signer: UrlSigner,
  t?: Translate,
): TeachingClassLearningSkill {
  return embedded('TeachingClassLearningSkill', 'teaching-class-learning-skill', r.link.id, {
    id: r.link.id,
    created: iso(r.link.created)!,
    updated: iso(r.link.created)!,
    teachingClass: iri('teaching-class', r.link.teachingClassId),
    learningSkill: presentSkill(r, signer, undefined, t),
  });
}

/** Groups actions by their skill id, keeping their order. */
export function actionsBySkill(actions: ActionRow[]) {
  const map = new Map<number, ActionRow[]>();
  for (const a of actions) map.set(a.learningSkillId, [...(map.get(a.learningSkillId) ?? []), a]);
  return map;
}

import type { Framework, FrameworkAdoption, FrameworkKey } from '@skillroom/contract';
import { iri } from '../../http/hydra';
import type { UrlSigner } from '../../lib/url-signer';
import { actionsBySkill, presentSkill, type Translate } from '../learning-skills/learning-skills.presenter';
import type { FrameworkRow } from './frameworks.service';

/** A framework in the reader's language (its skills' names stay keyed, as the catalogue's are: `translationKey`). */
export function presentFramework(f: FrameworkRow, signer: UrlSigner, t: Translate): Framework {
  const key = `framework.${f.key}`;
  const actions = actionsBySkill(f.actions);
  return {
    '@id': iri('framework', f.key),
    '@type': 'Framework',
    id: f.key,
    name: t(`${key}.name`) ?? f.key,
    description: t(`${key}.description`) ?? '',
    translationKey: key,
    learningSkills: f.skills.map((s) => presentSkill(s, signer, actions.get(s.skill.id) ?? [], t)),
  };
}

export const presentAdoption = (framework: FrameworkKey, classId: number, added: number[]): FrameworkAdoption => ({
  '@id': `${iri('teaching-class', classId)}/framework`,
  '@type': 'FrameworkAdoption',
  framework,
  teachingClass: iri('teaching-class', classId),
  added: added.map((id) => iri('learning-skill', id)),
});

import { stageOf, translationKey } from '@skillroom/contract/rules';
import type { SkillStage } from '@skillroom/contract/types';
import { useIntl, type IntlShape } from 'react-intl';

type NamedStage = Pick<SkillStage, 'name' | 'translationKey'>;

const keyed = (intl: IntlShape, key: string | null, part: 'name' | 'description', text: string) =>
  key ? intl.formatMessage({ id: translationKey(`${key}.${part}`), defaultMessage: text }) : text;

/**
 * A stage's name in the reader's language (DESIGN §12). The server names catalogue and generic stages in the language it
 * was asked in; the web names them again from their key, so that a change of language shows at once without a reload.
 */
export const stageName = (intl: IntlShape, stage: NamedStage): string => keyed(intl, stage.translationKey, 'name', stage.name);

/** What a stage means, in the reader's language as its name is. */
export const stageDescription = (intl: IntlShape, stage: Pick<SkillStage, 'description' | 'translationKey'>): string =>
  keyed(intl, stage.translationKey, 'description', stage.description);

/**
 * The name of the stage that some points reach on a skill, or null (no stages, or below the first). A skill kept by the
 * offline cache from before stages were answered has none: its cards show points only, as they did.
 */
export function stageNameAt(intl: IntlShape, stages: readonly SkillStage[] | undefined, points: number | null): string | null {
  const stage = stageOf(stages ?? [], points);
  return stage ? stageName(intl, stage) : null;
}

export function useStageName() {
  const intl = useIntl();
  return {
    of: (stage: NamedStage) => stageName(intl, stage),
    at: (stages: readonly SkillStage[] | undefined, points: number | null) => stageNameAt(intl, stages, points),
  };
}

import type { EducationLevel } from '@skillroom/contract';
import { embedded } from '../../http/hydra';
import type { EducationLevelRow } from './education-levels.repository';

export const presentEducationLevel = (row: EducationLevelRow): EducationLevel =>
  embedded('EducationLevel', 'education-level', row.id, { id: row.id, translationKey: row.translationKey });

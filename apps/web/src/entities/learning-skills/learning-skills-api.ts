import { PAGE_SIZE } from '@skillroom/contract/constants';
import type {
  ClassLearningSkill,
  HydraCollection,
  LearningAction,
  LearningActionCreateBody,
  LearningSkill,
  LearningSkillCreateBody,
  TeachingClassLearningSkill,
} from '@skillroom/contract/types';
import useSWR, { mutate } from 'swr';
import { api, withQuery } from '../../lib/api-client';

export const classSkillsKey = (classId: number) => `/teaching-class/${classId}/learning-skills`;

/** The skills a class uses, each with its ordered actions. */
export function useClassSkills(classId: number | null) {
  return useSWR<HydraCollection<ClassLearningSkill>>(classId ? classSkillsKey(classId) : null);
}

/** Every skill the user may add to a class: the catalogue, their own, and those of their classes. */
export function useSkillChoices(enabled: boolean) {
  return useSWR<HydraCollection<LearningSkill>>(enabled ? withQuery('/learning-skills', { itemsPerPage: PAGE_SIZE.max }) : null);
}

/** After a change of a class's skills, its list and the choices are asked again. */
export const revalidateSkills = (classId: number) =>
  mutate((key) => typeof key === 'string' && (key === classSkillsKey(classId) || key.startsWith('/learning-skills')));

export const addSkillToClass = (classId: number, skillId: number) =>
  api<TeachingClassLearningSkill>('/teaching-class-learning-skill', { method: 'POST', body: { teachingClass: classId, learningSkill: skillId } });

/** `link` is the class skill's `teachingClassLearningSkill` IRI. */
export const removeSkillFromClass = (link: string) => api<void>(link, { method: 'DELETE' });

export const createSkill = (body: LearningSkillCreateBody) => api<LearningSkill>('/learning-skill', { method: 'POST', body });

export const createAction = (body: LearningActionCreateBody) => api<LearningAction>('/learning-action', { method: 'POST', body });

import { SELF_ASSESSMENT_PAGE_SIZE } from '@skillroom/contract/rules';
import type { HydraCollection, SelfAssessment, SelfAssessmentCreateBody, StudentGrowth } from '@skillroom/contract/types';
import useSWR, { mutate } from 'swr';
import { api, withQuery } from '../../lib/api-client';

export const selfAssessmentsKey = (placeId: number) =>
  withQuery('/self-assessments', { 'teachingClassStudent.id': placeId, itemsPerPage: SELF_ASSESSMENT_PAGE_SIZE });

/** A child's self-assessments (DESIGN §12), newest first: the class's members, the student and their family read them. */
export const useSelfAssessments = (placeId: number | null) =>
  useSWR<HydraCollection<SelfAssessment>>(placeId === null ? null : selfAssessmentsKey(placeId));

const growthKey = (studentId: number, classId: number) => withQuery(`/growth/student/${studentId}`, { teachingClassId: classId });

/** The child's growth in one class: the class's skills with their stages, the teachers' stage and the student's own. */
export const useStudentGrowth = (studentId: number | null, classId: number | null) =>
  useSWR<StudentGrowth>(studentId === null || classId === null ? null : growthKey(studentId, classId));

/** After a self-assessment, the list and the growth (its "self" stage) are asked again. */
export const revalidateSelfAssessments = () =>
  mutate((key) => typeof key === 'string' && (key.startsWith('/self-assessments') || key.startsWith('/growth/student/')));

/**
 * One key per request, and the self-assessment's own `clientId` in the body: a resend after a lost answer writes once,
 * within the key's day or after it (DESIGN §7). A 401 is the outbox's to keep (the next sign-in sends it).
 */
export const createSelfAssessment = (body: SelfAssessmentCreateBody, idempotencyKey: string) =>
  api<Pick<SelfAssessment, 'id'>>('/self-assessment', { method: 'POST', body, idempotencyKey, keep401: true });

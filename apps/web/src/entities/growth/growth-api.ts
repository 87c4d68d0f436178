import type { ClassGrowth, StudentGrowth } from '@skillroom/contract/types';
import useSWR from 'swr';
import { withQuery } from '../../lib/api-client';

/** Whose growth (DESIGN §12): a Student (the person) in one class or every class one may see, over a range. */
export interface StudentGrowthQuery {
  studentId: number;
  classId?: number | null;
  start?: string | null;
  end?: string | null;
}

// Keys start with /growth/: a saved or removed rating asks them again (revalidateRatings of entities/ratings).
export const studentGrowthKey = (q: StudentGrowthQuery) =>
  withQuery(`/growth/student/${q.studentId}`, { teachingClassId: q.classId, startDate: q.start, endDate: q.end });

export const classGrowthKey = (classId: number, end?: string | null) => withQuery(`/growth/class/${classId}`, { endDate: end });

/** Per skill: the stage now, at the range's start, and by month (the server's default range: the class's start to today). */
export function useStudentGrowth(q: StudentGrowthQuery | null) {
  return useSWR<StudentGrowth>(q ? studentGrowthKey(q) : null, { keepPreviousData: true });
}

/** The class grid: students × skills, the stage and number of ratings of each, as it stood on `end` (default today). */
export function useClassGrowth(classId: number | null, end?: string | null) {
  return useSWR<ClassGrowth>(classId ? classGrowthKey(classId, end) : null, { keepPreviousData: true });
}

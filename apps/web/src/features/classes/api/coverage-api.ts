import type { ClassCoverage, Framework, FrameworkAdoption, HydraCollection } from '@skillroom/contract/types';
import useSWR, { mutate } from 'swr';
import { api } from '../../../lib/api-client';

/** DESIGN §12 coverage of a class, over the class's own `coverageDays` (the server's default, so no `days` here). */
export const coverageKey = (classId: number) => `/coverage/class/${classId}`;

export function useClassCoverage(classId: number | null) {
  return useSWR<ClassCoverage>(classId ? coverageKey(classId) : null);
}

/** After a rating or a change of the class's skills or settings, its coverage is asked again. */
export const revalidateCoverage = (classId: number) => mutate(coverageKey(classId));

export const FRAMEWORKS_KEY = '/frameworks';

/** The frameworks a class may adopt (DESIGN §12), read when the skills section first opens. */
export function useFrameworks(enabled: boolean) {
  return useSWR<HydraCollection<Framework>>(enabled ? FRAMEWORKS_KEY : null);
}

/** Adopts a framework in one step: answers the class's skills it added (none when it used them all already). */
export const adoptFramework = (classId: number, framework: Framework['id']) =>
  api<FrameworkAdoption>(`/teaching-class/${classId}/framework`, { method: 'POST', body: { framework } });

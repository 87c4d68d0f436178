import type { ClassAbility } from '@skillroom/contract/rules';
import type { TeachingClass } from '@skillroom/contract/types';
export { fullName } from '@skillroom/contract/rules';
import useSWR, { mutate } from 'swr';
import { api, ApiError } from './api-client';

/** Route ids are digits; anything else can only be a page that does not exist (no call is made for it). */
export function routeId(param: string | undefined): number | null {
  return param && /^\d{1,10}$/.test(param) && Number(param) > 0 ? Number(param) : null;
}

export const classKey = (id: number) => `/teaching-class/${id}`;

/** One class with its teachers and students, as the class and student screens show it. */
export function useTeachingClass(id: number | null) {
  return useSWR<TeachingClass>(id ? classKey(id) : null);
}

/** A new invitation code; the old one stops working at once (creator only). */
export const regenerateInvitationCode = (id: number) => api<TeachingClass>(`/teaching-class/${id}/invitation-code`, { method: 'POST' });

/**
 * Whether the signed-in user may do this with the class: the server says so in the class's `abilities` (DESIGN §14), by
 * the same rules it then applies; the app never re-derives them from the role. No class (still loading) allows nothing.
 */
export const may = (c: Pick<TeachingClass, 'abilities'> | null | undefined, ability: ClassAbility) => c?.abilities?.[ability] === true;

/**
 * After a write, every cached class answer (lists, detail) and student list may be stale: they are all
 * asked again, so that the dashboard and class screens show the change when the user gets back to them.
 */
export function revalidateClassData() {
  return mutate((key) => typeof key === 'string' && /\/teaching-class/.test(key));
}

/** The class lists (dashboard) only: after leaving a class, whose own answers would now be 404. */
export function revalidateClassLists() {
  return mutate((key) => typeof key === 'string' && key.startsWith('/teaching-classes'));
}

/** The HTTP status of a failed call (0 for a network failure), or null for anything else. */
export const errorStatus = (e: unknown): number | null => (e instanceof ApiError ? e.status : null);


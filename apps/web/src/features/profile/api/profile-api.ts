import type { AccountDeleteBody, School, User, UserPatchBody } from '@skillroom/contract/types';
import { api } from '../../../lib/api-client';

export const patchUser = (id: number, body: UserPatchBody) => api<User>(`/user/${id}`, { method: 'PATCH', body });

/** Finds the school of that name or creates it, so the profile can point at it. */
export const ensureSchool = (name: string) => api<School>('/school', { method: 'POST', body: { name } });

/** Deletes one's own account (DESIGN §6): 400 on a wrong password, 409 naming the classes still owned. */
export const deleteAccount = (id: number, body: AccountDeleteBody) => api<void>(`/user/${id}`, { method: 'DELETE', body });

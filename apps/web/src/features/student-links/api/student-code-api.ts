import type { TeachingClassStudent } from '@skillroom/contract/types';
import { api } from '../../../lib/api-client';

/** A new parent-link code for a student's place; the old one stops working, existing links stay (class teachers). */
export const regenerateStudentCode = (placeId: number) => api<TeachingClassStudent>(`/teaching-class-student/${placeId}/invitation-code`, { method: 'POST' });

import type { Locale } from '@skillroom/contract/constants';
import type { FamilyLetterDefaults, TeachingClassStudent } from '@skillroom/contract/types';
import useSWR from 'swr';
import { api } from '../../lib/api-client';
import { downloadFile } from '../../lib/download-file';
import { placeKey } from './place-api';

/** What each letter is printed in when the teacher picks none: the family's known language per place, and the class's. */
export function useFamilyLetterDefaults(classId: number | null) {
  return useSWR<FamilyLetterDefaults>(classId ? `/family-letters/class/${classId}/defaults` : null);
}

/** Saves the language of one family's letter. */
export const saveFamilyLanguage = (placeId: number, familyLanguage: Locale | null) =>
  api<TeachingClassStudent>(placeKey(placeId), { method: 'PATCH', body: { familyLanguage } });

/** The class's family letters as one PDF (a page per student), or only those of the places named. */
export function downloadFamilyLetters(classId: number, placeIds: number[] = []) {
  const query = placeIds.map((id) => `teachingClassStudent[]=${id}`).join('&');
  return downloadFile(`/family-letters/class/${classId}${query ? `?${query}` : ''}`, `family-letters-${classId}.pdf`);
}

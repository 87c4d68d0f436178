import { writeBody, type JsonLd } from './common';
import { filter, listQuery } from './filters';
import { personName } from './names';

export const schoolCreateBody = writeBody({ name: personName(200) }, ['numTeachers']);
export const schoolSearchQuery = listQuery({ name: filter.text(200, 'schools whose name contains this') });

export interface School extends JsonLd {
  id: number;
  created: string;
  updated: string;
  name: string;
  numTeachers: number;
}

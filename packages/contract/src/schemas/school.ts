import { z } from 'zod';
import { writeBody } from './common';
import { jsonLdObject, stampFields } from './responses';
import { filter, listQuery } from './filters';
import { personName } from './names';

export const schoolCreateBody = writeBody({ name: personName(200) }, ['numTeachers']);
export const schoolSearchQuery = listQuery({ name: filter.text(200, 'schools whose name contains this') });

export const schoolSchema = jsonLdObject('School', { ...stampFields, name: z.string(), numTeachers: z.number().int() });
export type School = z.output<typeof schoolSchema>;

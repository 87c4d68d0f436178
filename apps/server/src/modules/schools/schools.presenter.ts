import type { School } from '@skillroom/contract';
import { embedded, iso } from '../../http/hydra';
import type { SchoolRow } from './schools.repository';

export function presentSchool(row: SchoolRow): School {
  return embedded('School', 'school', row.id, {
    id: row.id,
    created: iso(row.created)!,
    updated: iso(row.updated)!,
    name: row.name,
    numTeachers: row.numTeachers,
  });
}

import type { DbOrTx } from '../../db/client';
import { notFound, violation } from '../../http/errors';
import { schoolsRepository } from './schools.repository';

export const schoolsService = {
  async get(db: DbOrTx, id: number) {
    const row = await schoolsRepository.findById(db, id);
    if (!row) throw notFound('School not found.');
    return row;
  },

  /** Creates a school, or answers the existing one of that name so that teachers of one school meet. */
  async findOrCreate(db: DbOrTx, name: string) {
    const existing = await schoolsRepository.findByName(db, name);
    return existing ? existing.id : schoolsRepository.insert(db, name);
  },

  /** Checks that a referenced school exists (a reference to nothing is a violation, not a 500). */
  async assertExists(db: DbOrTx, id: number, propertyPath = 'school') {
    if (!(await schoolsRepository.findById(db, id))) throw violation(propertyPath, 'This school does not exist.');
  },
};

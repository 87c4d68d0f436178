import type { DbOrTx } from '../../db/client';
import { conflict, notFound, violation } from '../../http/errors';
import { schoolsRepository } from './schools.repository';

export const schoolsService = {
  async get(db: DbOrTx, id: number) {
    const row = await schoolsRepository.findById(db, id);
    if (!row) throw notFound('School not found.');
    return row;
  },

  /**
   * Creates a school, or answers the existing one of that name (case and spacing aside) so that teachers of one
   * school meet. Parallel calls meet at the unique index: the later one gets the school the first one made.
   */
  async findOrCreate(db: DbOrTx, name: string) {
    const clean = name.trim().replace(/\s+/g, ' ');
    for (let attempt = 0; attempt < 3; attempt++) {
      const existing = await schoolsRepository.findByName(db, clean);
      if (existing) return existing.id;
      const id = await schoolsRepository.insertUnlessNamed(db, clean);
      if (id !== null) return id;
      // Another request created it meanwhile (and may have removed it again): look once more.
    }
    throw conflict('This school is being changed by another request. Please try again.');
  },

  /** Checks that a referenced school exists (a reference to nothing is a violation, not a 500). */
  async assertExists(db: DbOrTx, id: number, propertyPath = 'school') {
    if (!(await schoolsRepository.findById(db, id))) throw violation(propertyPath, 'This school does not exist.');
  },
};

import type { FamilyLettersQuery } from '@skillroom/contract';
import type { DbOrTx } from '../../db/client';
import { forbidden, notFound, violation } from '../../http/errors';
import type { Principal } from '../../plugins/auth';
import { teachingClassesRepository } from '../teaching-classes/teaching-classes.repository';
import { CLASS_NOT_FOUND } from '../teaching-classes/teaching-classes.service';
import { familyLettersPolicy as policy } from './family-letters.policy';
import { familyLettersRepository as repo } from './family-letters.repository';

export const FAMILY_LETTER_MESSAGES = {
  forbidden: 'You are not authorized to print the family letters of this class.',
  notInClass: 'This teaching class student is not in this class.',
} as const;

export const familyLettersService = {
  /** The class and the places to print (all, or those named, each of which must be in the class: 400 otherwise). */
  async letters(db: DbOrTx, p: Principal, classId: number, q: FamilyLettersQuery) {
    const access = await teachingClassesRepository.findAccess(db, classId, p.userId);
    if (!access || !policy.canSeeClass(access.role)) throw notFound(CLASS_NOT_FOUND);
    if (!policy.canPrint(access.role)) throw forbidden(FAMILY_LETTER_MESSAGES.forbidden);
    const cls = await repo.classOf(db, classId);
    // Deleted between the two reads.
    if (!cls) throw notFound(CLASS_NOT_FOUND);
    const ids = q.teachingClassStudent;
    const places = await repo.places(db, classId, ids);
    if (ids && places.length < new Set(ids).size) throw violation('teachingClassStudent', FAMILY_LETTER_MESSAGES.notInClass);
    return { cls, places };
  },
};

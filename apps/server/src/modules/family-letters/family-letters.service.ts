import { type FamilyLetterDefaults, type FamilyLettersQuery, type Locale } from '@skillroom/contract';
import type { DbOrTx } from '../../db/client';
import { notFound, violation } from '../../http/errors';
import type { Principal } from '../../plugins/auth';
import { classAccessRepository } from '../../class-access/class-access.repository';
import { CLASS_NOT_FOUND } from '../../class-access/class-roles';
import { authorize, RULES } from '../../class-access/access-rules';
import { familyLettersRepository as repo } from './family-letters.repository';
import { isLocale } from '../translations/translations.service';

export const FAMILY_LETTER_MESSAGES = {
  forbidden: RULES['class.printLetters'].message,
  notInClass: 'This teaching class student is not in this class.',
} as const;

/** The class as the letters print it, for its teachers only. */
async function printableClass(db: DbOrTx, p: Principal, classId: number) {
  authorize(p, 'class.printLetters', await classAccessRepository.findAccess(db, classId, p.userId));
  const cls = await repo.classOf(db, classId);
  // Deleted between the two reads.
  if (!cls) throw notFound(CLASS_NOT_FOUND);
  return cls;
}

/** The family's language per place, where a linked user's is one of ours. */
async function known(db: DbOrTx, classId: number): Promise<[number, Locale][]> {
  const rows = await repo.familyLanguages(db, classId);
  return rows.flatMap((r) => (isLocale(r.language) ? [[r.place, r.language] as [number, Locale]] : []));
}

export const familyLettersService = {
  /** What a place without its own language is printed in (the teacher's dialog shows it as the default). */
  async defaults(db: DbOrTx, p: Principal, classId: number): Promise<FamilyLetterDefaults> {
    const cls = await printableClass(db, p, classId);
    return {
      '@type': 'FamilyLetterDefaults',
      language: isLocale(cls.creatorLanguage) ? cls.creatorLanguage : null,
      familyLanguages: (await known(db, classId)).map(([teachingClassStudent, language]) => ({ teachingClassStudent, language })),
    };
  },

  /** The class and the places to print (all, or those named, each of which must be in the class: 400 otherwise). */
  async letters(db: DbOrTx, p: Principal, classId: number, q: FamilyLettersQuery) {
    const cls = await printableClass(db, p, classId);
    const ids = q.teachingClassStudent;
    const places = await repo.places(db, classId, ids);
    if (ids && places.length < new Set(ids).size) throw violation('teachingClassStudent', FAMILY_LETTER_MESSAGES.notInClass);
    // A place the teacher gave no language is printed in its family's, when known (issue 36 §5), else the class's.
    const family = new Map(await known(db, classId));
    return { cls, places: places.map((pl) => ({ ...pl, familyLanguage: pl.familyLanguage ?? family.get(pl.id) ?? null })) };
  },
};

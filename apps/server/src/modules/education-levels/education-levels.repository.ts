import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { educationLevels } from '../../db/schema';

export type EducationLevelRow = typeof educationLevels.$inferSelect;

export const educationLevelsRepository = {
  list: (db: DbOrTx) => db.select().from(educationLevels).orderBy(asc(educationLevels.id)),

  async findByKey(db: DbOrTx, translationKey: string) {
    const [row] = await db.select().from(educationLevels).where(eq(educationLevels.translationKey, translationKey));
    return row ?? null;
  },

  async exists(db: DbOrTx, id: number) {
    const [row] = await db.select({ id: educationLevels.id }).from(educationLevels).where(eq(educationLevels.id, id));
    return Boolean(row);
  },
};

import { and, count, eq, inArray, asc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { media } from '../../db/schema';
import type { MediaRow } from './media.presenter';

export type NewMedia = typeof media.$inferInsert;

export const mediaRepository = {
  async findById(db: DbOrTx, id: number): Promise<MediaRow | null> {
    const [row] = await db.select().from(media).where(eq(media.id, id));
    return row ?? null;
  },

  async list(db: DbOrTx, f: { ids?: number[]; mediaType?: number; limit: number; offset: number }) {
    const where = and(f.ids ? inArray(media.id, f.ids) : undefined, f.mediaType !== undefined ? eq(media.mediaType, f.mediaType) : undefined);
    const [rows, [total]] = await Promise.all([
      db.select().from(media).where(where).orderBy(asc(media.id)).limit(f.limit).offset(f.offset),
      db.select({ n: count() }).from(media).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  async insert(db: DbOrTx, values: NewMedia): Promise<MediaRow> {
    const [row] = await db.insert(media).values(values).returning();
    return row!;
  },
};

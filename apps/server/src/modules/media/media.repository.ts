import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { CATALOGUE_MEDIA_TYPES } from '@skillroom/contract';
import type { DbOrTx } from '../../db/client';
import { countOf, page } from '../../db/page';
import { media, users } from '../../db/schema';
import type { MediaRow } from './media.presenter';

export type NewMedia = typeof media.$inferInsert;

export interface MediaListFilter {
  ids?: number[];
  mediaTypes?: number[];
  /** `exists[creator]`: uploads (true) or the predefined catalogue, which has no uploader (false). */
  hasCreator?: boolean;
  /** Only predefined media and this user's uploads (media.policy's own rule, in SQL, for lists). */
  ownOrCatalogueOf?: number;
  limit: number;
  offset: number;
}

export const mediaRepository = {
  async findById(db: DbOrTx, id: number): Promise<MediaRow | null> {
    const [row] = await db.select().from(media).where(eq(media.id, id));
    return row ?? null;
  },

  async findByIds(db: DbOrTx, ids: number[]): Promise<MediaRow[]> {
    if (!ids.length) return [];
    return db.select().from(media).where(inArray(media.id, ids));
  },

  async list(db: DbOrTx, f: MediaListFilter) {
    const where = and(
      f.ids ? inArray(media.id, f.ids.length ? f.ids : [0]) : undefined,
      f.mediaTypes ? inArray(media.mediaType, f.mediaTypes) : undefined,
      f.hasCreator === undefined ? undefined : f.hasCreator ? isNotNull(media.uploaderId) : isNull(media.uploaderId),
      f.ownOrCatalogueOf !== undefined
        ? or(inArray(media.mediaType, [...CATALOGUE_MEDIA_TYPES]), isNull(media.uploaderId), eq(media.uploaderId, f.ownOrCatalogueOf))
        : undefined,
    );
    return page(db.select().from(media).where(where).orderBy(asc(media.id)).limit(f.limit).offset(f.offset), countOf(db, media, where));
  },

  /** The platform roles of a user a media link was issued to; null when the account is gone. */
  async rolesOf(db: DbOrTx, userId: number): Promise<{ username: string; roles: string[] } | null> {
    const [row] = await db.select({ username: users.username, roles: users.roles }).from(users).where(eq(users.id, userId));
    return row ?? null;
  },

  async insert(db: DbOrTx, values: NewMedia): Promise<MediaRow> {
    const [row] = await db.insert(media).values(values).returning();
    return row!;
  },

  /** Platform media of a type by file name, for the catalogue seed (it adds what is missing). */
  async platformFileNames(db: DbOrTx, mediaType: number): Promise<Set<string>> {
    const rows = await db
      .select({ fileName: media.fileName })
      .from(media)
      .where(and(eq(media.mediaType, mediaType), isNull(media.uploaderId)));
    return new Set(rows.map((r) => r.fileName));
  },

  /** Serialises catalogue seeding across instances starting together; released when the transaction ends. */
  async lockCatalogue(tx: DbOrTx) {
    await tx.execute(sql`select pg_advisory_xact_lock(7305310, 1)`);
  },
};

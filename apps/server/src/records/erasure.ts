import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../db/client';
import { media, ratingMedias, teachingClassStudents } from '../db/schema';
import type { FileStore } from '../lib/file-store';
import { iri } from '../http/hydra';
import type { PartialUploads } from '../lib/partial-uploads';
import { storedKeys, thumbKeyOfVariant } from '../lib/thumb-variants';
import { catalogueSql, erasureSql as q, present, referencedSql, type StoredMedia } from './erasure.sql';
import { withdrawEvidenceNotices, withdrawHomeObservationNotices } from './notice-withdrawal.sql';
import { deleteCommentNoticesOfAuthor, deleteCommentNoticesOfRatings } from './comment-notices.sql';
import { linkedUsersOfPlace } from './place-erasure';
import { deleteHomeObservation } from './home-observation-erasure.sql';
import { selfAssessmentIdsOf } from './self-assessment-erasure.sql';

/**
 * DESIGN §6 "Erasure follows deletion": the one place that decides what each deletion takes with it. Every deleting
 * path of the API runs its deletion through an `Erasure`, in one transaction; the files of the media rows it deleted
 * leave the store after that transaction commits. A crash between the two leaves only files without rows, which the
 * orphan sweep removes; never a row without its file.
 *
 * Lock order, the same on every path so that two erasures (or an erasure and a write) never wait on each other in
 * a circle: the user, then classes (id order), then places, then ratings (id order), then media rows. Writes that
 * refer to something being erased wait for its lock and then fail on their foreign key (a 409), so nothing they
 * add is left behind.
 *
 * Concurrent identical deletes: the request whose transaction deleted the resource answers 204; the others find it
 * gone under the lock and answer 404, like any resource that does not exist (DESIGN §2 "a resource the user may not
 * even know of answers 404"). The erasing methods answer whether there was something to erase.
 */
export class Erasure {
  /** Media rows deleted so far, whose files go after the commit. */
  readonly gone: StoredMedia[] = [];

  constructor(readonly tx: Tx) {}

  /**
   * These media lost a reference (an avatar replaced or removed, an attachment detached, their owner deleted):
   * each goes when nothing else refers to it. Catalogue media never go.
   */
  async media(mediaIds: (number | null | undefined)[]) {
    const candidates = present(mediaIds.map((id) => id ?? null));
    if (!candidates.length) return;
    await q.lockMedia(this.tx, candidates);
    const gone = await q.deleteUnreferencedMedia(this.tx, candidates);
    this.gone.push(...gone);
    await this.forgetAnswers({ media: ids(gone) });
  }

  /** Kept answers of writes (`Idempotency-Key`) that name what this erasure deleted keep only its `@id` and `id`. */
  private async forgetAnswers(
    deleted: Partial<Record<ErasedResource, number[]>>,
  ) {
    const named = Object.entries(deleted).flatMap(([resource, xs]) => xs.map((id) => iri(resource, id)));
    if (named.length) await q.minimizeAnswersNaming(this.tx, named);
  }

  /**
   * Deletes ratings with their student links and attachments; answers the ids that still existed. A media shared by
   * the ratings of one observation (DESIGN §7) stays while another rating links it, and goes with the last link.
   */
  async ratings(ratingIds: number[]) {
    if (!ratingIds.length) return [];
    const locked = ids(await q.lockRatings(this.tx, sql`"rating"."id" in ${sqlList(ratingIds)}`));
    const attached = await q.attachedMedia(this.tx, locked);
    await withdrawEvidenceNotices(this.tx, locked);
    // Their comments and hearts go by the foreign keys' cascade; the teachers' notices of those comments here.
    await deleteCommentNoticesOfRatings(this.tx, locked);
    await q.deleteRatings(this.tx, locked);
    await this.forgetAnswers({ rating: locked });
    await this.media(attached);
    return locked;
  }

  /** Detaches media from a rating, or each rating of an observation (a PATCH with fewer `medias`), deleting those no other rating links. */
  async detach(ratingIds: number | number[], mediaIds: number[]) {
    const from = Array.isArray(ratingIds) ? ratingIds : [ratingIds];
    if (!mediaIds.length || !from.length) return;
    await this.tx
      .delete(ratingMedias)
      .where(and(sql`${ratingMedias.ratingId} in ${sqlList(from)}`, sql`${ratingMedias.mediaId} in ${sqlList(mediaIds)}`));
    await this.media(mediaIds);
  }

  /** Deletes one attachment (a rating-media link) with its media; false when it was gone already. */
  async ratingMedia(linkId: number) {
    const [link] = await this.tx.select().from(ratingMedias).where(eq(ratingMedias.id, linkId)).for('update');
    if (!link) return false;
    await this.detach(link.ratingId, [link.mediaId]);
    return true;
  }

  /**
   * A home observation withdrawn by its family (DESIGN §11), not (or no longer) a rating: its attachments go with it as
   * they do with the child's place, and the notices about it nobody read yet. False when it was gone already.
   */
  async homeObservation(id: number, classId: number) {
    const attached = await deleteHomeObservation(this.tx, id);
    if (!attached) return false;
    await withdrawHomeObservationNotices(this.tx, classId, id);
    await this.forgetAnswers({ 'home-observation': [id] });
    await this.media(attached);
    return true;
  }

  /**
   * A student removed from a class: they leave every rating of the class; a rating that named only them goes with
   * its media; waiting home observations, self-assessments and the place's conversation go with their files; the place goes
   * with its avatar, links and requests (and notifications about those), and its family's comments and hearts (tied
   * to the place, DESIGN §11); a Student left with no place goes with their avatar. Answers the place with the users
   * whose link to it ended (to be told), or null when it was gone already.
   */
  async place(placeId: number) {
    const [found] = await this.tx
      .select({ classId: teachingClassStudents.teachingClassId })
      .from(teachingClassStudents)
      .where(eq(teachingClassStudents.id, placeId));
    if (!found) return null;
    // The class first (no key update: ratings may still be written in it), as every erasure locks it before its places.
    await q.lockClasses(this.tx, [found.classId], 'no key update');
    const place = await q.lockPlace(this.tx, placeId);
    if (!place) return null;
    const named = await q.ratingsNamingPlace(this.tx, placeId);
    const onlyThem = named.filter((r) => r.others === 0).map((r) => r.id);
    const attached = await q.attachedMedia(this.tx, onlyThem);
    const fromRecord = await q.recordAttachments(this.tx, { placeId });
    const selfs = await selfAssessmentIdsOf(this.tx, { placeId });
    const linkedUserIds = await linkedUsersOfPlace(this.tx, placeId);
    await q.deleteNotificationsOfPlace(this.tx, placeId);
    await deleteCommentNoticesOfRatings(this.tx, onlyThem);
    await q.deleteRatings(this.tx, onlyThem);
    // Cascades to their links in other ratings (which stay, naming the others), links and link requests.
    await q.deletePlace(this.tx, placeId);
    const orphans = await q.studentsWithoutPlace(this.tx, [place.studentId]);
    await q.deleteStudents(this.tx, ids(orphans));
    await this.forgetAnswers({ rating: onlyThem, 'self-assessment': selfs, 'teaching-class-student': [placeId], student: ids(orphans) });
    await this.media([...attached, ...fromRecord, place.avatarId, ...orphans.map((s) => s.avatarId)]);
    return { ...place, linkedUserIds };
  }

  /**
   * Classes deleted with everything in them: places, ratings with their attachments, the class and place avatars,
   * students left with no place and their avatars, links, requests, co-teachers, the skills choice, and the
   * notifications that point into them. Answers the ids of the classes that still existed.
   */
  async classes(classIds: number[]) {
    const classes = await q.lockClasses(this.tx, [...new Set(classIds)]);
    const found = ids(classes);
    if (!found.length) return [];
    const rated = ids(await q.lockRatings(this.tx, q.ratingsOfClassesSql(found)));
    const attached = await q.attachedMedia(this.tx, rated);
    const fromRecord = await q.recordAttachments(this.tx, { classIds: found });
    const selfAssessed = await selfAssessmentIdsOf(this.tx, { classIds: found });
    const places = await q.placesOfClasses(this.tx, found);
    await q.deleteNotificationsOfClasses(this.tx, found);
    await q.deleteClasses(this.tx, found);
    const orphans = await q.studentsWithoutPlace(
      this.tx,
      places.map((p) => p.studentId),
    );
    await q.deleteStudents(this.tx, ids(orphans));
    await this.forgetAnswers({
      'teaching-class': found,
      rating: rated,
      'self-assessment': selfAssessed,
      'teaching-class-student': ids(places),
      student: ids(orphans),
    });
    await this.media([
      ...attached,
      ...fromRecord,
      ...classes.map((c) => c.avatarId),
      ...places.map((p) => p.avatarId),
      ...orphans.map((s) => s.avatarId),
    ]);
    return found;
  }

  /**
   * An account (DESIGN §6 "Accounts"): refused, with the classes it still owns, while it owns any. Otherwise its links,
   * requests, notifications (its own and those about it), push tokens, sessions, sign-in counter, analytics, avatar,
   * comments and hearts on ratings, and the uploads nothing else refers to go; ratings it wrote stay with no creator
   * ("Former member").
   */
  async account(userId: number, throttleKeys: string[]): Promise<{ gone: boolean; ownedClasses: { id: number; name: string }[] }> {
    const user = await q.lockUser(this.tx, userId);
    if (!user) return { gone: false, ownedClasses: [] };
    const ownedClasses = await q.classesCreatedBy(this.tx, userId);
    if (ownedClasses.length) return { gone: false, ownedClasses };
    const uploads = await q.uploadsOf(this.tx, userId);
    await q.deleteNotificationsAboutUser(this.tx, userId);
    // Their comments and hearts go by the cascade (DESIGN §11), with the teachers' notices of those comments.
    await deleteCommentNoticesOfAuthor(this.tx, userId);
    await q.deleteUserTraces(this.tx, userId, throttleKeys);
    // Cascades: links, requests, own notifications, push tokens, refresh tokens, co-teaching, subscriptions.
    await q.deleteUser(this.tx, userId);
    await this.media([user.avatarId, ...uploads]);
    return { gone: true, ownedClasses: [] };
  }
}

const ids = <T extends { id: number }>(rows: T[]) => rows.map((r) => r.id);
type ErasedResource = 'media' | 'rating' | 'home-observation' | 'self-assessment' | 'teaching-class-student' | 'student' | 'teaching-class';
const sqlList = (xs: number[]) =>
  sql`(${sql.join(
    xs.map((x) => sql`${x}`),
    sql`, `,
  )})`;

export interface ErasureContext {
  db: Db;
  files: FileStore;
}

/** Removes files of deleted media rows; one that cannot be removed is left to the orphan sweep, never failing the deletion. */
export async function removeFiles(files: FileStore, rows: Pick<StoredMedia, 'storageKey' | 'thumbKey'>[]) {
  const keys = rows.flatMap(storedKeys);
  await Promise.allSettled(keys.map((k) => files.remove(k)));
}

/** Runs `work` in one transaction with an Erasure, then removes the files of what it erased. */
export async function withErasure<T>(ctx: ErasureContext, work: (e: Erasure) => Promise<T>): Promise<T> {
  let erasure: Erasure | null = null;
  const result = await ctx.db.transaction(async (tx) => {
    erasure = new Erasure(tx);
    return work(erasure);
  });
  await removeFiles(ctx.files, (erasure as Erasure | null)?.gone ?? []);
  return result;
}

/**
 * Deletes an account (`Erasure.account`), then, once that is committed, the resumable uploads it had in progress or
 * just finished (DESIGN §7): they are on local disk, not rows, and nobody else could ever finish them.
 */
export async function eraseAccount(ctx: ErasureContext & { partials: PartialUploads }, userId: number, throttleKeys: string[]) {
  const result = await withErasure(ctx, (e) => e.account(userId, throttleKeys));
  if (result.gone) await ctx.partials.removeOwnedBy([userId]);
  return result;
}

/** Deletes the classes and everything in them, then their files (retention and the admin use it). */
export async function eraseClassesNow(ctx: ErasureContext, classIds: number[]): Promise<void> {
  await withErasure(ctx, (e) => e.classes(classIds));
}

export interface OrphanReport {
  rowsWithoutOwner: { id: number; storageKey: string }[];
  filesWithoutRow: string[];
}

/** Media rows nothing refers to: uploads never attached after `unattachedHours`, or whose uploader is gone. */
async function rowsWithoutOwner(db: DbOrTx, unattachedHours: number) {
  const before = new Date(Date.now() - unattachedHours * 3_600_000);
  return db
    .select({ id: media.id, storageKey: media.storageKey, thumbKey: media.thumbKey })
    .from(media)
    .where(
      and(
        sql`not ${catalogueSql}`,
        sql`not ${referencedSql}`,
        or(lt(media.created, before), sql`not exists (select 1 from app_user u where u.id = ${media.uploaderId})`),
      ),
    )
    .orderBy(media.id);
}

/**
 * The orphan sweep (DESIGN §6): media rows nothing refers to (uploads never attached after `unattachedHours`) and
 * files in the store that no row names, each left alone while younger than `unattachedHours` (an upload stores its
 * bytes before its row). With `delete`, rows go first (each checked again under its lock), then files.
 */
export async function sweepOrphanMedia(ctx: ErasureContext, opts: { delete: boolean; unattachedHours: number }): Promise<OrphanReport> {
  const rows = await rowsWithoutOwner(ctx.db, opts.unattachedHours);
  const before = Date.now() - opts.unattachedHours * 3_600_000;
  const files: string[] = [];
  for await (const f of ctx.files.list()) {
    if (f.modified.getTime() > before) continue;
    const [named] = await ctx.db
      .select({ id: media.id })
      .from(media)
      // A thumbnail's variant (`…@2x.webp`) belongs to the row of its thumbnail.
      .where(or(eq(media.storageKey, f.key), eq(media.thumbKey, thumbKeyOfVariant(f.key))))
      .limit(1);
    if (!named) files.push(f.key);
  }
  if (opts.delete) {
    const gone = await withErasure(ctx, async (e) => {
      await e.media(rows.map((r) => r.id));
      return e.gone;
    });
    // The files of rows just deleted went with them; those left are files no row ever named.
    const removedKeys = new Set(gone.flatMap(storedKeys));
    await removeFiles(
      ctx.files,
      files.filter((k) => !removedKeys.has(k)).map((storageKey) => ({ storageKey, thumbKey: null })),
    );
  }
  return { rowsWithoutOwner: rows.map((r) => ({ id: r.id, storageKey: r.storageKey })), filesWithoutRow: files };
}

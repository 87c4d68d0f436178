import { quietUntil } from '@skillroom/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { FileStore } from '../../lib/file-store';
import { SMTP_CONNECTIONS, surelyNotSent, type Mailer } from '../../lib/mailer';
import sharp from '../../lib/sharp';
import { digestMail, type DigestPicture } from './email-digest-mail';
import { emailDigestsRepository as repo, type DigestRating, type DigestReader } from './email-digests.repository';
import { DIGEST_GRACE_MS, latestPeriod } from './digest-period';
import { unsubscribeUrl } from './digest-unsubscribe-token';

const PAGE = 500;
/** Ratings shown in one mail, and pictures attached (the rest are counted and wait in the app). */
const MAX_RATINGS = 60;
const MAX_PICTURES = 12;
/**
 * Digests in the making at once: twice the mailer's SMTP connections, so that while one mail goes out on a connection
 * the next is being read and built (a few short queries and its pictures), and no connection waits for it.
 */
export const DIGESTS_AT_ONCE = 2 * SMTP_CONNECTIONS;

/** What the job hands over: the database, the file store (thumbnails), the mailer and the server's settings. */
interface Ctx {
  db: Db;
  files: FileStore;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/**
 * DESIGN §11 "E-mail digests", the `email-digest` job's work: each reader whose period is due (and not inside their
 * quiet hours, which hold it until they end) gets one mail of their children's ratings saved since their last digest.
 *
 * Once per user and period: the period's row is claimed (committed) before the mail goes, and a second run finds it
 * taken. A mail the SMTP server refuses (or that never reached it) gives the claim back, so the queue's retry sends it;
 * the others of the run go on, unless the server cannot be reached at all. A timeout after the mail may have been
 * taken keeps the claim, as a crash does. A crash between the send
 * and the mark leaves the claim `sending`: that period is never sent again (at most one mail, never two), and since
 * the next digest starts where the last *finished* one ended, its ratings come again in the next one, not lost.
 */
export const emailDigestsService = {
  async run(ctx: Ctx, now: Date) {
    let sent = 0;
    let empty = 0;
    let waiting = 0;
    const failed: number[] = [];
    let firstError: unknown;
    let stop = false;
    for (let after = 0; !stop;) {
      const readers = await repo.readers(ctx.db, after, PAGE);
      if (!readers.length) break;
      after = readers[readers.length - 1]!.id;
      const due = readers
        .map((r) => ({ r, period: latestPeriod(now, r.digest, r.timeZone) }))
        .filter(({ period }) => now.getTime() - period.due.getTime() < DIGEST_GRACE_MS);
      const taken = await repo.claimedPeriods(
        ctx.db,
        due.map(({ r, period }) => ({ userId: r.id, periodKey: period.key })),
      );
      const queue = due.filter(({ r, period }) => !taken.has(`${r.id}|${period.key}`));
      const worker = async () => {
        for (let next = queue.shift(); next && !stop; next = queue.shift()) {
          const { r, period } = next;
          if (quietUntil(now, r)) {
            waiting++;
            continue;
          }
          try {
            const outcome = await emailDigestsService.sendOne(ctx, r, period, now);
            if (outcome === 'sent') sent++;
            else if (outcome === 'empty') empty++;
          } catch (err) {
            failed.push(r.id);
            firstError ??= err;
            ctx.log.warn({ err, user: r.id }, 'digest not sent; the job tries again');
            // A server we cannot reach would keep every next reader waiting its timeout: the retry tries them all.
            if (unreachable(err)) stop = true;
          }
        }
      };
      // Several at once: each mail waits on SMTP round trips far more than it works, and each reader's claim is its own.
      await Promise.all(Array.from({ length: DIGESTS_AT_ONCE }, worker));
    }
    // Failing the run hands it to the queue's retry (with back-off); those sent keep their claim and are not sent again.
    if (firstError) throw new DigestRunError(failed, { sent, empty, waiting }, firstError);
    return { sent, empty, waiting };
  },

  async sendOne(ctx: Ctx, r: DigestReader, period: { key: string; start: Date }, now: Date) {
    // After the last finished digest; before any, from the period's start or an abandoned claim's, whichever is first.
    const claimed = await repo.claim(ctx.db, { userId: r.id, periodKey: period.key, periodStart: period.start, until: now });
    if (!claimed) return 'taken';
    const { id, since } = claimed;
    const all = await repo.ratings(ctx.db, r.id, since, now, MAX_RATINGS + 1);
    if (!all.length) {
      await repo.finish(ctx.db, id, 'empty');
      return 'empty';
    }
    const ratings = all.slice(0, MAX_RATINGS);
    const url = unsubscribeUrl(ctx.config, r.id);
    const pictures = await picturesOf(ctx, ratings);
    const mail = digestMail({
      locale: r.preferredLanguage,
      firstName: r.firstName,
      frequency: r.digest,
      ratings,
      more: all.length - ratings.length,
      pictures,
      publicUrl: ctx.config.publicUrl,
      unsubscribeUrl: url,
    });
    try {
      await ctx.mailer.send({
        to: r.email,
        ...mail,
        headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        attachments: pictures.map((p, i) => ({
          filename: `photo-${i + 1}.jpg`,
          content: p.content,
          contentType: 'image/jpeg',
          cid: p.cid,
        })),
      });
    } catch (e) {
      // Given back only when surely not delivered; else kept `sending`, as after a crash (never sent twice).
      if (surelyNotSent(e) || !ctx.config.smtp) await repo.release(ctx.db, id);
      throw e;
    }
    await repo.finish(ctx.db, id, 'sent');
    return 'sent';
  },
};

/** The digests a run could not send (their claims given back), for the queue's retry and its log. */
export class DigestRunError extends Error {
  constructor(
    readonly userIds: number[],
    readonly outcome: { sent: number; empty: number; waiting: number },
    cause: unknown,
  ) {
    super(`${userIds.length} digest(s) not sent: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/** nodemailer's codes for a server that did not answer (as against one that answered and refused this mail). */
const UNREACHABLE = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ECONNRESET']);
const unreachable = (err: unknown) => UNREACHABLE.has(String((err as { code?: unknown } | null)?.code ?? ''));

/** The first pictures of the ratings, as small JPEGs (every mail reader shows those; WebP not all). */
async function picturesOf(ctx: Ctx, ratings: DigestRating[]): Promise<DigestPicture[]> {
  const out: DigestPicture[] = [];
  const seen = new Set<string>();
  for (const r of ratings) {
    for (const key of r.thumbs ?? []) {
      if (out.length >= MAX_PICTURES) return out;
      // A picture of a whole-class rating comes once, under the first child it is shown for.
      if (seen.has(key)) continue;
      seen.add(key);
      try {
        const chunks: Buffer[] = [];
        for await (const c of await ctx.files.get(key)) chunks.push(c as Buffer);
        const content = await sharp(Buffer.concat(chunks)).resize(240, 240, { fit: 'inside' }).jpeg({ quality: 75 }).toBuffer();
        out.push({ ratingId: r.id, cid: `photo-${out.length + 1}@skillroom`, content });
      } catch (err) {
        // A missing or unreadable thumbnail leaves the rating without its picture; the mail still goes.
        ctx.log.warn({ err, rating: r.id }, 'digest picture left out');
      }
    }
  }
  return out;
}

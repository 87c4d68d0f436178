import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { MEDIA_TYPE_KIND, type MediaThumbVariant, type MediaType } from '@skillroom/contract';
import type { Db } from '../../db/client';
import { media } from '../../db/schema';
import { ffmpegPath, probe, runFfmpeg } from '../../lib/ffmpeg';
import type { FileStore } from '../../lib/file-store';
import { makeThumbs, putThumbs, storedKeys } from '../../lib/thumb-variants';
import { avFacts } from './media.processor';

type Row = typeof media.$inferSelect;

/** A 'running' mark older than this was left by an instance that stopped mid-way: the work is taken up again. */
const STALE_MS = 30 * 60_000;
const WEB_VIDEO = [
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-crf',
  '23',
  '-pix_fmt',
  'yuv420p',
  '-profile:v',
  'high',
  '-vf',
  "scale='min(1920,iw)':-2:flags=bicubic,scale=trunc(iw/2)*2:trunc(ih/2)*2",
];
const WEB_AUDIO = ['-c:a', 'aac', '-b:a', '128k', '-ac', '2'];
// No tags, chapters or ffmpeg's own name in what is kept (DESIGN §6 "Metadata"), index first for streaming.
const CLEAN = ['-map_metadata', '-1', '-map_chapters', '-1', '-fflags', '+bitexact', '-movflags', '+faststart'];

/** ffmpeg arguments that turn an upload into what every browser plays: H.264/AAC MP4, or AAC in M4A for audio. */
export function transcodeArgs(
  kind: 'audio' | 'video',
  found: { container: string; video: string | null; audio: string | null },
  input: string,
  output: string,
) {
  const mp4 = /mp4|mov/.test(found.container);
  if (kind === 'audio') {
    const copy = mp4 && found.audio === 'aac';
    return ['-i', input, '-vn', ...(copy ? ['-c:a', 'copy'] : WEB_AUDIO), ...CLEAN, '-f', 'mp4', output];
  }
  // Already H.264 and AAC in MP4: the streams are kept, only the container is rewritten (metadata out, index first).
  const copyVideo = mp4 && found.video === 'h264';
  const copyAudio = found.audio === null || (mp4 && found.audio === 'aac');
  // 0:V is video that is not an attached picture (a cover image).
  return [
    '-i',
    input,
    '-map',
    '0:V:0',
    '-map',
    '0:a:0?',
    ...(copyVideo ? ['-c:v', 'copy'] : WEB_VIDEO),
    ...(copyAudio ? ['-c:a', 'copy'] : WEB_AUDIO),
    ...CLEAN,
    '-f',
    'mp4',
    output,
  ];
}

/**
 * Makes uploaded video and audio play in every browser, off the request path: an upload is stored as it came and
 * marked 'pending'; this queue (one job at a time per instance) transcodes it with ffmpeg, makes a poster frame for
 * video, records the duration and dimensions, and swaps the files. A failure leaves the original, marked 'failed'.
 */
export class Transcoder {
  private queue: number[] = [];
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly deps: { db: Db; files: FileStore; log: FastifyBaseLogger; tmpDir: string }) {}

  /** Whether ffmpeg runs here; without it audio and video are kept as uploaded. */
  get available() {
    return ffmpegPath() !== null;
  }

  enqueue(id: number) {
    if (this.stopped) return;
    this.queue.push(id);
    this.running ??= this.work().finally(() => {
      this.running = null;
    });
  }

  /** Takes up work left by a stop or by another instance that went away. */
  async resume() {
    const rows = await this.deps.db
      .select({ id: media.id })
      .from(media)
      .where(
        or(
          eq(media.transcodeState, 'pending'),
          and(eq(media.transcodeState, 'running'), lt(media.updated, new Date(Date.now() - STALE_MS))),
        ),
      );
    if (rows.length)
      await this.deps.db
        .update(media)
        .set({ transcodeState: 'pending' })
        .where(
          inArray(
            media.id,
            rows.map((r) => r.id),
          ),
        );
    for (const r of rows) this.enqueue(r.id);
  }

  /** Resolves when the queue is empty (tests, shutdown). */
  async drain() {
    while (this.running) await this.running;
  }

  async stop() {
    this.stopped = true;
    this.queue = [];
    await this.drain();
  }

  private async work() {
    while (this.queue.length && !this.stopped) {
      const id = this.queue.shift()!;
      try {
        await this.process(id);
      } catch (err) {
        this.deps.log.warn({ err, mediaId: id }, 'transcoding failed; the original is kept');
        await this.deps.db
          .update(media)
          .set({ transcodeState: 'failed' })
          .where(eq(media.id, id))
          .catch(() => {});
      }
    }
  }

  private async process(id: number) {
    const { db, files } = this.deps;
    const [row] = await db
      .update(media)
      .set({ transcodeState: 'running', updated: new Date() })
      .where(and(eq(media.id, id), eq(media.transcodeState, 'pending')))
      .returning();
    if (!row) return;
    const kind = MEDIA_TYPE_KIND[row.mediaType as MediaType] === 'audio' ? 'audio' : 'video';
    await fsp.mkdir(this.deps.tmpDir, { recursive: true });
    const base = path.join(this.deps.tmpDir, crypto.randomUUID());
    const input = `${base}.in`;
    const output = `${base}.${kind === 'audio' ? 'm4a' : 'mp4'}`;
    try {
      await pipeline(await files.get(row.storageKey), fs.createWriteStream(input));
      await runFfmpeg(transcodeArgs(kind, await probe(input), input, output));
      const facts = await avFacts(output);
      const poster = kind === 'video' ? await this.poster(output, facts.duration) : null;
      await this.swap(row, kind, output, facts, poster);
    } finally {
      await Promise.allSettled([fsp.rm(input, { force: true }), fsp.rm(output, { force: true })]);
    }
  }

  /** A frame a little in (the very first is often black), as a WebP thumbnail. */
  private async poster(file: string, duration: number | null) {
    const at = duration && duration > 1 ? '0.5' : '0';
    const { stdout } = await runFfmpeg(['-ss', at, '-i', file, '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', '-']);
    const { width, height } = await sharp(stdout).metadata();
    return { thumbs: await makeThumbs(stdout), dims: width && height ? `${width}x${height}` : null };
  }

  /** Stores the new files and points the row at them; if the row went meanwhile (its rating was deleted), they go too. */
  private async swap(
    row: Row,
    kind: 'audio' | 'video',
    output: string,
    facts: { duration: number | null; dims: string | null },
    poster: { thumbs: Record<MediaThumbVariant, Buffer>; dims: string | null } | null,
  ) {
    const { db, files } = this.deps;
    const ext = kind === 'audio' ? 'm4a' : 'mp4';
    const stem = row.storageKey.replace(/\.[^./]+$/, '');
    const storageKey = `${stem}.web.${ext}`;
    const thumbKey = poster ? `thumb/${stem.split('/').slice(1).join('/')}.webp` : row.thumbKey;
    await files.putFile(storageKey, output, kind === 'audio' ? 'audio/mp4' : 'video/mp4');
    if (poster) await putThumbs(files, thumbKey!, poster.thumbs);
    const size = (await fsp.stat(output)).size;
    const [updated] = await db
      .update(media)
      .set({
        storageKey,
        thumbKey,
        fileName: `${row.fileName.replace(/\.[^.]+$/, '')}.${ext}`,
        mimeType: kind === 'audio' ? 'audio/mp4' : 'video/mp4',
        size,
        duration: facts.duration ?? row.duration,
        fileDimensions: kind === 'video' ? (poster?.dims ?? facts.dims ?? row.fileDimensions) : null,
        transcodeState: null,
        updated: sql`now()`,
      })
      .where(and(eq(media.id, row.id), eq(media.transcodeState, 'running')))
      .returning({ id: media.id });
    if (!updated) {
      const keys = storedKeys({ storageKey, thumbKey: poster ? thumbKey : null });
      await Promise.allSettled(keys.map((k) => files.remove(k)));
      return;
    }
    if (row.storageKey !== storageKey) await files.remove(row.storageKey).catch(() => {});
  }
}

import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import sharp from '../../lib/sharp';
import { MEDIA_TYPE_KIND, type MediaThumbVariant, type MediaType } from '@skillroom/contract';
import type { Db } from '../../db/client';
import { media } from '../../db/schema';
import { ffmpegPath, probe, runFfmpeg } from '../../lib/ffmpeg';
import type { FileStore } from '../../lib/file-store';
import { makeThumbs, putThumbs, storedKeys } from '../../lib/thumb-variants';
import { avFacts } from './media.processor';

type Row = typeof media.$inferSelect;
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

export interface TranscodeDeps {
  db: Db;
  files: FileStore;
  log: FastifyBaseLogger;
  tmpDir: string;
}

/** Which try this is (a retry may take over a row its own earlier try left 'running'), and when to give up. */
export interface TranscodeAttempt {
  retryCount: number;
  retryLimit: number;
  signal: AbortSignal;
}

/** An error of the media itself (ffmpeg cannot read it): trying again would fail the same way. */
class Unplayable extends Error {}

const unplayable = async <T>(work: () => Promise<T>, signal: AbortSignal) => {
  try {
    return await work();
  } catch (e) {
    throw signal.aborted ? e : new Unplayable((e as Error).message);
  }
};

/** Whether ffmpeg runs here; without it audio and video are kept as uploaded. */
export const canTranscode = () => ffmpegPath() !== null;

/**
 * Makes an uploaded video or audio play in every browser (the `transcode` job, DESIGN §10): an upload is stored as it
 * came and marked 'pending'; this transcodes it with ffmpeg, makes a poster frame for video, records the duration and
 * dimensions, and swaps the files. Never done twice: the row is claimed by a conditional update ('pending' →
 * 'running'; a retry may take over 'running', as its earlier try was cut off), each run writes files under names of
 * its own, and only the run whose swap finds the row still 'running' keeps them; any other removes its own. Media
 * ffmpeg cannot read is kept as it came, marked 'failed'; a failure of the store or the database is retried.
 */
export async function transcodeMedia(deps: TranscodeDeps, mediaId: number, attempt: TranscodeAttempt) {
  const { db } = deps;
  const [row] = await db
    .update(media)
    .set({ transcodeState: 'running' })
    .where(
      and(
        eq(media.id, mediaId),
        attempt.retryCount > 0
          ? or(eq(media.transcodeState, 'pending'), eq(media.transcodeState, 'running'))
          : eq(media.transcodeState, 'pending'),
      ),
    )
    .returning();
  if (!row) return { mediaId, result: 'nothing to do' };
  try {
    return { mediaId, result: await transcodeRow(deps, row, attempt.signal) };
  } catch (err) {
    if (attempt.signal.aborted) throw err;
    if (!(err instanceof Unplayable) && attempt.retryCount < attempt.retryLimit) throw err;
    deps.log.warn({ message: (err as Error).message, mediaId }, 'transcoding failed; the original is kept');
    await db
      .update(media)
      .set({ transcodeState: 'failed' })
      .where(and(eq(media.id, mediaId), eq(media.transcodeState, 'running')));
    return { mediaId, result: 'failed' };
  }
}

async function transcodeRow(deps: TranscodeDeps, row: Row, signal: AbortSignal) {
  const kind = MEDIA_TYPE_KIND[row.mediaType as MediaType] === 'audio' ? 'audio' : 'video';
  await fsp.mkdir(deps.tmpDir, { recursive: true });
  const base = path.join(deps.tmpDir, crypto.randomUUID());
  const input = `${base}.in`;
  const output = `${base}.${kind === 'audio' ? 'm4a' : 'mp4'}`;
  try {
    await pipeline(await deps.files.get(row.storageKey), fs.createWriteStream(input), { signal });
    const facts = await unplayable(async () => {
      await runFfmpeg(transcodeArgs(kind, await probe(input), input, output), undefined, signal);
      return avFacts(output);
    }, signal);
    const poster = kind === 'video' ? await unplayable(() => makePoster(output, facts.duration, signal), signal) : null;
    signal.throwIfAborted();
    return await swap(deps, row, kind, output, facts, poster);
  } finally {
    await Promise.allSettled([fsp.rm(input, { force: true }), fsp.rm(output, { force: true })]);
  }
}

/** A frame a little in (the very first is often black), as a WebP thumbnail. */
async function makePoster(file: string, duration: number | null, signal: AbortSignal) {
  const at = duration && duration > 1 ? '0.5' : '0';
  const { stdout } = await runFfmpeg(['-ss', at, '-i', file, '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', '-'], undefined, signal);
  const { width, height } = await sharp(stdout).metadata();
  return { thumbs: await makeThumbs(stdout), dims: width && height ? `${width}x${height}` : null };
}

/**
 * Stores the new files under names of this run and points the row at them, if it is still 'running'; otherwise
 * (another run swapped first, or the row went with its rating) this run's files go again and the row is left alone.
 */
async function swap(
  { db, files }: TranscodeDeps,
  row: Row,
  kind: 'audio' | 'video',
  output: string,
  facts: { duration: number | null; dims: string | null },
  poster: { thumbs: Record<MediaThumbVariant, Buffer>; dims: string | null } | null,
) {
  const ext = kind === 'audio' ? 'm4a' : 'mp4';
  const stem = row.storageKey.replace(/\.[^./]+$/, '');
  const run = crypto.randomBytes(4).toString('hex');
  const storageKey = `${stem}.${run}.web.${ext}`;
  const thumbKey = poster ? `thumb/${stem.split('/').slice(1).join('/')}.${run}.webp` : row.thumbKey;
  const written = storedKeys({ storageKey, thumbKey: poster ? thumbKey : null });
  try {
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
      await Promise.allSettled(written.map((k) => files.remove(k)));
      return 'another run swapped first';
    }
  } catch (e) {
    await Promise.allSettled(written.map((k) => files.remove(k)));
    throw e;
  }
  const replaced = storedKeys({ storageKey: row.storageKey, thumbKey: poster && row.thumbKey !== thumbKey ? row.thumbKey : null });
  await Promise.allSettled(replaced.map((k) => files.remove(k)));
  return 'transcoded';
}

import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

/**
 * The ffmpeg binary: FFMPEG_PATH, else the system's when installed, else the one @ffmpeg-installer/ffmpeg ships
 * inside its platform npm package (so `npm install` alone is enough). Null when none runs here.
 */
let resolved: string | null | undefined;

const runs = (bin: string) => spawnSync(bin, ['-hide_banner', '-version'], { stdio: 'ignore', timeout: 10_000 }).status === 0;

export function ffmpegPath(): string | null {
  if (resolved !== undefined) return resolved;
  const candidates: (() => string | undefined)[] = [
    () => process.env.FFMPEG_PATH,
    () => 'ffmpeg',
    () => (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path,
  ];
  resolved = null;
  for (const candidate of candidates) {
    try {
      const bin = candidate();
      if (bin && runs(bin)) {
        resolved = bin;
        break;
      }
    } catch {
      // That one is not installed: try the next.
    }
  }
  return resolved;
}

export interface FfmpegResult {
  stdout: Buffer;
  stderr: string;
}

/**
 * Runs ffmpeg with the arguments given; rejects with its last error lines when it fails or runs past the time limit.
 * `signal` ends it early (a job that lost its lease, a stopping server).
 */
export function runFfmpeg(args: string[], timeoutMs = 15 * 60_000, signal?: AbortSignal): Promise<FfmpegResult> {
  const bin = ffmpegPath();
  if (!bin) return Promise.reject(new Error('ffmpeg is not available'));
  return new Promise((resolve, reject) => {
    const child = spawn(bin, ['-hide_banner', '-nostdin', '-y', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      signal,
      killSignal: 'SIGKILL',
    });
    const out: Buffer[] = [];
    let err = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => {
      // Only the tail matters (the error); a long encode writes a lot of progress.
      err = (err + c.toString()).slice(-20_000);
    });
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve({ stdout: Buffer.concat(out), stderr: err });
      else reject(new Error(`ffmpeg exited with ${code}: ${err.split('\n').slice(-4).join(' ')}`));
    });
  });
}

/** What `ffmpeg -i` says of a file's streams: its container and the codecs of its first video and audio streams. */
export async function probe(file: string) {
  // Decoding nothing to nowhere: ffmpeg prints what it found and succeeds.
  const { stderr } = await runFfmpeg(['-i', file, '-t', '0', '-f', 'null', '-']);
  const container = /Input #0, ([^,]+(?:,[^,]+)*?), from/.exec(stderr)?.[1] ?? '';
  const video = /Stream #\S+.*?: Video: (\w+)/.exec(stderr)?.[1] ?? null;
  const audio = /Stream #\S+.*?: Audio: (\w+)/.exec(stderr)?.[1] ?? null;
  return { container, video, audio };
}

import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './hydrated-test';
import { API, classWithStudents, shots } from './rating-helpers';

const MB = 1024 * 1024;
const VIDEO_BYTES = 30 * MB;

/** An MP4 as small as the server's checks take (ftyp, a 1280x720 video track, 2 s), padded to `size` by its mdat. */
function mp4(size: number): Buffer {
  const box = (type: string, ...payload: Buffer[]) => {
    const body = Buffer.concat(payload);
    const head = Buffer.alloc(8);
    head.writeUInt32BE(8 + body.length, 0);
    head.write(type, 4, 'latin1');
    return Buffer.concat([head, body]);
  };
  const u32 = (...n: number[]) => Buffer.concat(n.map((v) => Buffer.from([(v >>> 24) & 255, (v >>> 16) & 255, (v >>> 8) & 255, v & 255])));
  const identity = u32(0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000);
  const ftyp = box('ftyp', Buffer.from('isom', 'latin1'), u32(0x200), Buffer.from('isomiso2avc1mp41', 'latin1'));
  const mvhd = box('mvhd', u32(0, 0, 0, 1000, 2000, 0x10000), Buffer.from([1, 0]), Buffer.alloc(10), identity, Buffer.alloc(24), u32(2));
  const tkhd = box('tkhd', u32(7, 0, 0, 1, 0, 2000), Buffer.alloc(16), identity, u32(1280 << 16, 720 << 16));
  const head = Buffer.concat([ftyp, box('moov', mvhd, box('trak', tkhd))]);
  return Buffer.concat([head, box('mdat', Buffer.alloc(size - head.length - 8, 1))]);
}

/**
 * A TCP proxy in front of the e2e server that counts the bytes the browser sends, passes them at about 12 MB/s (so
 * that an upload can be watched and paused), and drops the connection carrying them once, when `cutAfter` bytes
 * have gone through in all.
 */
async function startProxy(targetPort: number) {
  const state = { sent: 0, cuts: 0, cutAfter: Infinity };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    client.on('data', (buf) => {
      state.sent += buf.length;
      if (state.sent > state.cutAfter) {
        state.cutAfter = Infinity;
        state.cuts++;
        client.destroy();
        upstream.destroy();
        return;
      }
      upstream.write(buf);
      client.pause();
      setTimeout(() => client.resume(), Math.ceil(buf.length / 12_000));
    });
    upstream.pipe(client);
    const done = () => (client.destroy(), upstream.destroy(), sockets.delete(client), sockets.delete(upstream));
    client.on('error', done).on('close', done);
    upstream.on('error', done).on('close', done);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    state,
    origin: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

test('a 30 MB video cut off midway resumes without sending again what arrived, and pauses and resumes on request', async ({
  page,
  baseURL,
}) => {
  const { token, classId } = await classWithStudents(page);
  const proxy = await startProxy(Number(new URL(baseURL!).port));
  // A file on disk: Playwright hands its path to the browser instead of sending 30 MB through the protocol.
  const video = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'skillroom-e2e-video-')), 'lesson.mp4');
  fs.writeFileSync(video, mp4(VIDEO_BYTES));
  try {
    // The whole app through the proxy: the session cookies are the host's, whatever the port.
    await page.goto(`${proxy.origin}/web/teaching-class/${classId}`);
    // The rating sheet's full form ("More options"), where files are attached.
    await page.getByRole('button', { name: 'Rate Ana Lima' }).click();
    const panel = page.getByRole('dialog', { name: 'Rate Ana Lima' });
    await panel.getByRole('button', { name: 'More options' }).click();
    await panel.getByRole('radio', { name: 'Communication' }).check({ force: true });
    await panel.getByRole('checkbox', { name: 'Listens actively' }).check({ force: true });

    const before = proxy.state.sent;
    proxy.state.cutAfter = before + 11 * MB;
    await page.locator('input[data-media-type="35"]').setInputFiles(video);
    const bar = panel.getByRole('progressbar', { name: 'Uploading lesson.mp4' });
    await expect(bar).toBeVisible();
    await expect.poll(() => proxy.state.cuts, { timeout: 20_000 }).toBe(1);

    // After the cut the upload goes on by itself; then the user pauses it, and nothing more is sent.
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 20_000 }).toBeGreaterThan(45);
    await panel.getByRole('button', { name: 'Pause the upload of lesson.mp4' }).click();
    await expect(panel.getByRole('button', { name: 'Resume the upload of lesson.mp4' })).toBeVisible();
    await panel.getByRole('group', { name: 'Attachments' }).screenshot({ path: path.join(shots, 'upload-paused-1280.png') });
    // What the browser had already handed to the network drains first; then nothing moves.
    await page.waitForTimeout(600);
    const paused = proxy.state.sent;
    await page.waitForTimeout(800);
    expect(proxy.state.sent - paused).toBeLessThan(64 * 1024);
    await panel.getByRole('button', { name: 'Resume the upload of lesson.mp4' }).click();
    await expect(panel.getByRole('button', { name: 'Remove lesson.mp4' })).toBeVisible({ timeout: 30_000 });

    // The file crossed the wire about once: what arrived before the cut and the pause was not sent again.
    const sent = proxy.state.sent - before;
    expect(sent).toBeGreaterThan(VIDEO_BYTES);
    expect(sent).toBeLessThan(VIDEO_BYTES * 1.2);

    await panel.getByRole('button', { name: 'Save rating', exact: true }).click();
    await expect(page.getByText('1 rating saved for Ana Lima.')).toBeVisible();
    const res = await page.request.get(`${API}/ratings?teachingClass.id=${classId}`, { headers: { authorization: `Bearer ${token}` } });
    const [rating] = ((await res.json()) as { 'hydra:member': { medias: { media: { fileSize: number; fileOriginalName: string } }[] }[] })[
      'hydra:member'
    ];
    expect(rating!.medias.map((m) => [m.media.fileOriginalName, m.media.fileSize])).toEqual([['lesson.mp4', VIDEO_BYTES]]);
  } finally {
    await proxy.close();
    fs.rmSync(path.dirname(video), { recursive: true, force: true });
  }
});

import { File as NodeFile } from 'node:buffer';
import { MediaType } from '@skillroom/contract/constants';
import { vi } from 'vitest';
import { storeTokens } from '../../lib/session';
import type { Attachment } from '../media/use-attachments';
import { closeOutboxForTests, deleteOutboxItem, listOutbox } from './outbox-store';

/** What the outbox's tests share (each kind's): a fake connection, its answers, a file that waits. Tests only. */

export interface FakeCall {
  url: string;
  method: string;
  key?: string;
  body?: Record<string, unknown>;
}

export interface FakeConnection {
  calls: FakeCall[];
  online: boolean;
  /** The fake server's answer to each call; it may throw (a dropped connection) or answer a refusal. */
  answer: (c: FakeCall) => Response;
}

/** The files a test uploaded, in order (with `fakeResumableUpload` in place of lib/resumable-upload). */
export const uploads: { name: string; key?: string }[] = [];

/** lib/resumable-upload for `vi.mock`: each upload succeeds at once, Media ids from `firstId + 1` on. */
export const fakeResumableUpload = (firstId: number) => ({
  startUpload: (o: { name: string; idempotencyKey?: string; file: Blob }) => {
    uploads.push({ name: o.name, key: o.idempotencyKey });
    return { done: Promise.resolve({ id: firstId + uploads.length, size: o.file.size }), cancel: () => undefined };
  },
});

const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
const tokenFor = (userid: number) => `${b64({ alg: 'none' })}.${b64({ userid, exp: Math.floor(Date.now() / 1000) + 3600 })}.x`;

/** Signs `userId` in and fakes `navigator.onLine` and `fetch`, each call recorded and answered by `answer`; no uploads yet. */
export function fakeConnection(userId: number, answer: FakeConnection['answer']): FakeConnection {
  const net: FakeConnection = { calls: [], online: true, answer };
  uploads.length = 0;
  storeTokens({ token: tokenFor(userId), refresh_token: 'r' });
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => net.online);
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    // The API client sends its headers as a plain object and its bodies as JSON text.
    const headers = init.headers as Record<string, string>;
    const body = init.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : undefined;
    const c: FakeCall = { url, method: init.method ?? 'GET', key: headers['idempotency-key'], body };
    net.calls.push(c);
    return net.answer(c);
  });
  return net;
}

/** After each test: the real globals back, and an empty outbox for the next. */
export async function endFakeConnection(userId: number) {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  for (const i of await listOutbox(userId)) await deleteOutboxItem(i.id);
  await closeOutboxForTests();
}

export const jsonAnswer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/ld+json' } });

export const droppedConnection = (): Response => {
  throw new TypeError('Failed to fetch');
};

/** A photo whose upload failed for want of a connection: it waits with the save. */
export const waitingPhoto = (name: string): Attachment => ({
  key: 'f1',
  mediaType: MediaType.RatingPhoto,
  name,
  status: 'failed',
  waiting: true,
  progress: 0,
  // Node's own File: jsdom's does not survive the structured clone IndexedDB makes, a browser's does.
  file: new NodeFile(['jpeg bytes'], name, { type: 'image/jpeg' }) as unknown as File,
});

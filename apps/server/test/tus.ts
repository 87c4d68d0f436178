import http from 'node:http';
import type net from 'node:net';
import type { TestServer } from './harness';

/** The test server listening on a real port (tus streams bodies: a real socket, not an injected request). */
export async function listenForTus(s: TestServer) {
  const sockets = new Set<net.Socket>();
  let closedBytes = 0;
  s.app.server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => {
      closedBytes += socket.bytesRead;
      sockets.delete(socket);
    });
  });
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = s.app.server.address() as net.AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    /** Every byte the server has read from its sockets so far: request lines, headers and bodies. */
    bytesReceived: () => closedBytes + [...sockets].reduce((n, x) => n + x.bytesRead, 0),
  };
}

/** `Upload-Metadata`: keys with base64 values. */
export const tusMetadata = (m: Record<string, string>) =>
  Object.entries(m)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

export interface TusAnswer {
  status: number;
  headers: Headers;
  body: string;
  json: () => Record<string, unknown>;
}

/** One tus request (Tus-Resumable always sent, and the bearer token when given). */
export async function tusRequest(
  url: string,
  method: string,
  token: string | null,
  headers: Record<string, string> = {},
  body?: Buffer,
): Promise<TusAnswer> {
  const res = await fetch(url, {
    method,
    headers: { 'tus-resumable': '1.0.0', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    ...(body ? { body } : {}),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text, json: () => JSON.parse(text) as Record<string, unknown> };
}

export const patchBytes = (url: string, token: string, offset: number, chunk: Buffer) =>
  tusRequest(url, 'PATCH', token, { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, chunk);

/** Creates an upload; answers its absolute URL with the answer. */
export async function createUpload(
  origin: string,
  token: string | null,
  length: number,
  metadata: Record<string, string>,
  extra: Record<string, string> = {},
  body?: Buffer,
) {
  const headers = { 'upload-length': String(length), 'upload-metadata': tusMetadata(metadata), ...extra };
  const res = await tusRequest(`${origin}/api/auth/v1/uploads/`, 'POST', token, headers, body);
  const location = res.headers.get('location');
  return { res, url: location ? new URL(location, `${origin}/api/auth/v1/uploads/`).toString() : '' };
}

/**
 * A PATCH that sends `sendBytes` of `chunk` and then waits, its connection open, until `cut` drops it (the phone
 * leaves the Wi-Fi); `cut` resolves once the socket is gone.
 */
export function patchHeld(url: string, token: string, offset: number, chunk: Buffer, sendBytes: number) {
  const req = http.request(url, {
    method: 'PATCH',
    headers: {
      'tus-resumable': '1.0.0',
      authorization: `Bearer ${token}`,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
      'content-length': String(chunk.length),
    },
  });
  const closed = new Promise<void>((resolve) => req.on('error', () => resolve()).on('close', () => resolve()));
  const written = new Promise<void>((resolve) => req.write(chunk.subarray(0, sendBytes), () => resolve()));
  return {
    written,
    cut: async () => {
      await written;
      req.destroy();
      await closed;
    },
  };
}

/** A PATCH whose connection drops after `sendBytes` of `chunk` have been handed to the socket. */
export async function patchCutAfter(url: string, token: string, offset: number, chunk: Buffer, sendBytes: number) {
  const held = patchHeld(url, token, offset, chunk, sendBytes);
  await held.written;
  await new Promise((r) => setTimeout(r, 100));
  await held.cut();
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NodeRequest } from 'srvx/node';
import { TUS_RESUMABLE } from '@tus/server';
import { API_AUTH_PREFIX, fileAnswerSchema, UPLOAD_QUOTA_MESSAGES } from '@skillroom/contract';
import { HttpError, notFound, TooManyRequests } from '../../http/errors';
import { item } from '../../http/hydra';
import type { FinishedUpload, PartialUploads } from '../../lib/partial-uploads';
import type { SharedSlots } from '../../lib/shared-slots';
import type { UrlSigner } from '../../lib/url-signer';

import { presentMedia } from './media.presenter';
import { protocolProblem, UnsupportedTusVersion } from './media-uploads.protocol';
import { UploadQuotaGate, type UploadQuota } from './media-uploads.quota';
import { checkCreation, createTusServer, type ResumableCall } from './media.resumable';
import type { MediaDeps } from './media.service';

export interface ResumableDeps {
  media: MediaDeps;
  partials: PartialUploads;
  urlSigner: UrlSigner;
  /** The upload slots of `POST /media`: a transfer of either kind takes one while its bytes arrive. */
  slots: SharedSlots;
  uploadsPerUser: number;
  /** Unfinished uploads per user, the bytes they announce, and their idle expiry. */
  quota: UploadQuota;
}

const SKIPPED_HEADERS = new Set(['content-length', 'content-type', 'access-control-allow-origin']);
const mediaIri = (id: number) => `${API_AUTH_PREFIX}/media/${id}`;

/**
 * An upload that finished already (its answer may have been lost on the way): HEAD says all of it arrived and where
 * its Media is (`Content-Location`), so a tus client that resumes ends at once; PATCH is a conflict; DELETE forgets it.
 */
function answerFinished(reply: FastifyReply, method: string, done: FinishedUpload) {
  reply.header('tus-resumable', '1.0.0').header('content-location', mediaIri(done.mediaId)).header('cache-control', 'no-store');
  if (method === 'HEAD')
    return reply.status(200).header('upload-offset', String(done.size)).header('upload-length', String(done.size)).send();
  if (method === 'DELETE') return reply.status(204).send();
  throw new HttpError(409, 'This upload is finished: its media is named by Content-Location.');
}

/**
 * The tus resumable-upload protocol at /api/auth/v1/uploads/ (DESIGN §7 "Large files resume"), for files over
 * RESUMABLE_UPLOAD_THRESHOLD. Auth is the scope's, as on every route (401). Fastify leaves the body unread and the
 * @tus/server handler streams it to DATA_DIR/uploads/partial; its answer goes back through Fastify, so that security
 * headers, CORS and logging are those of every route and errors are the usual Hydra bodies.
 *
 * The finished upload (the PATCH, or a POST carrying all the bytes) answers 200 (201 for the POST) with the Media as
 * `POST /media` does, and `Content-Location` naming it; a HEAD on it afterwards answers the same header.
 */
export function registerResumableUploads(app: FastifyInstance, deps: ResumableDeps) {
  const calls = new WeakMap<Request, ResumableCall>();
  // Made at the first upload: the library creates its folder asynchronously when built, which would outlive a server
  // (a test's) that starts and stops at once.
  let server: ReturnType<typeof createTusServer> | null = null;
  const tus = () => (server ??= createTusServer(deps.media, deps.partials, calls));

  const quota = new UploadQuotaGate(deps.partials, deps.quota);
  const expiresHeader = () => new Date(Date.now() + deps.quota.idleMs).toUTCString();

  async function handle(req: FastifyRequest, reply: FastifyReply) {
    // On every answer (tus 1.0.0), refusals of ours included.
    reply.header('tus-resumable', TUS_RESUMABLE);
    const principal = req.principal;
    const problem = protocolProblem(req.method, req.headers);
    if (problem instanceof UnsupportedTusVersion) reply.header('tus-version', TUS_RESUMABLE);
    if (problem) throw problem;
    const id = (req.params as { id?: string }).id ?? null;
    const call: ResumableCall = { principal, id };
    if (id !== null && req.method !== 'OPTIONS') {
      // Another user's upload is not theirs to know of: the same 404 as an id that never was.
      if ((await deps.partials.ownerOf(id)) !== principal.userId) {
        const done = await deps.partials.finished(id);
        if (done?.owner === principal.userId) return answerFinished(reply, req.method, done);
        throw notFound('Upload not found.');
      }
      // Expired, and not swept yet: gone all the same (tus "expiration": 410), its bytes at once.
      if (await deps.partials.isIdle(id, Date.now(), deps.quota.idleMs)) {
        await deps.partials.remove(id);
        if (req.method === 'DELETE') return reply.status(204).send();
        throw new HttpError(410, UPLOAD_QUOTA_MESSAGES.expired);
      }
      if (req.method === 'PATCH') await deps.partials.touch(id);
    }
    let admitted = () => {};
    if (id === null && req.method === 'POST') {
      call.fields = checkCreation(deps.media, principal, req.headers);
      call.created = admitted = await quota.admit(principal.userId, call.fields.length);
    }
    try {
      return await transfer(req, reply, call);
    } finally {
      admitted();
    }
  }

  async function transfer(req: FastifyRequest, reply: FastifyReply, call: ResumableCall) {
    const { principal } = call;
    const sends = req.method === 'PATCH' || (req.method === 'POST' && Number(req.headers['content-length'] ?? 0) > 0);
    const release = sends ? await deps.slots.take(principal.userId) : () => {};
    if (!release) throw new TooManyRequests(`At most ${deps.uploadsPerUser} uploads at a time: please wait for one to finish.`, 2);
    try {
      const request = new NodeRequest({ req: req.raw, res: reply.raw });
      calls.set(request, call);
      const res = await tus().handleWeb(request);
      // The protocol's headers; the body's own (a text/plain of the library's) are Fastify's to set.
      res.headers.forEach((value, name) => {
        if (!SKIPPED_HEADERS.has(name)) reply.header(name, value);
      });
      if (call.error) throw call.error;
      if (call.media)
        return reply
          .status(res.status)
          .header('content-location', mediaIri(call.media.id))
          .send(item(presentMedia(call.media, deps.urlSigner)));
      const text = await res.text();
      if (res.status >= 500) req.log.error({ status: res.status, tus: text.trim() }, 'resumable upload failed');
      if (res.status >= 400) throw new HttpError(res.status, text.trim() || 'The upload was refused.');
      // Still unfinished: when it expires if nothing more arrives (tus "expiration").
      if (res.status === 201 || (req.method === 'PATCH' && res.status === 204)) reply.header('upload-expires', expiresHeader());
      return reply.status(res.status).send(text || undefined);
    } finally {
      release();
    }
  }

  // Registered as a plugin of its own: the body parsers below apply to these routes only.
  return app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // The tus handler reads the body as it arrives (application/offset+octet-stream); Fastify must not touch it.
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    // The protocol's answers (201 Location, 204 offsets, the Media on the last PATCH): described, not checked field by field.
    const tusRoute = (summary: string) => ({
      summary,
      response: { '2xx': fileAnswerSchema('tus 1.0.0 answer (the Media once complete)') },
    });
    scope.route({
      method: ['POST', 'OPTIONS'],
      url: '/uploads/',
      schema: tusRoute('tus 1.0.0: create a resumable upload (Upload-Length, Upload-Metadata: mediaType, filename, filetype)'),
      handler: handle,
    });
    scope.route({
      method: ['POST', 'OPTIONS'],
      url: '/uploads',
      schema: tusRoute('tus 1.0.0: the same, without the final slash'),
      handler: handle,
    });
    scope.route({
      method: ['HEAD', 'PATCH', 'DELETE', 'OPTIONS'],
      url: '/uploads/:id',
      schema: tusRoute('tus 1.0.0: HEAD the offset reached, PATCH the next bytes at Upload-Offset (the last answers the Media), DELETE'),
      handler: handle,
    });
  });
}

import crypto from 'node:crypto';
import { Transform } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY, IDEMPOTENCY_MESSAGES } from '@skillroom/contract';
import type { Db } from '../db/client';
import { idempotencyStore, type KeyOwner } from '../db/idempotency-store';
import { sqlState } from '../http/database-errors';
import { conflict, HttpError, ValidationError } from '../http/errors';
import { JSON_TYPES } from './content-types';
import { digestParts, PartsDigest } from './idempotency-digest';
import { smallAnswer } from '../http/kept-answer';

/** Writes the header applies to; reads are never touched. */
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY = /^[\x21-\x7e]+$/;
/** Headers of the first answer that a repeat gets too; the others (dates, lengths, request ids) are made afresh. */
const KEPT_HEADERS = ['content-type', 'location'];

export interface IdempotencyOptions {
  /** How long a repeat waits for the first run of its key before answering 409. */
  waitMs?: number;
  /** A key still marked running after this long belongs to a run that died with its instance, and is taken over. */
  abandonedMs: number;
}

interface KeyState extends KeyOwner {
  /** `method url`: with the body's digest, what a repeat must match. */
  target: string;
  body: 'json' | 'multipart';
  hash?: crypto.Hash;
  /** The hash its row was claimed with (a multipart body's is provisional until its answer). */
  claimedHash?: string;
  /** This request runs the route and keeps its answer. */
  owner: boolean;
  settled: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: KeyState;
  }
}

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function mediaType(req: FastifyRequest): string | null {
  const t = req.headers['content-type'];
  return t === undefined ? null : t.split(';')[0]!.trim().toLowerCase();
}

/**
 * The bodies whose digest is sound: JSON (or none), read as its bytes; multipart, read part by part. Any other body
 * belongs to a route that reads the raw stream itself (tus's `application/offset+octet-stream`, whose offsets make a
 * repeat safe already) and must not be read here, or answers 415 before any route runs: the key is not kept for it.
 */
function bodyKind(req: FastifyRequest): KeyState['body'] | null {
  const type = mediaType(req);
  if (type === null || JSON_TYPES.includes(type)) return 'json';
  return type === 'multipart/form-data' ? 'multipart' : null;
}

/**
 * Fields of a body that carry a credential (sign-in, sign-up, a password change or reset, a token refresh). Such a
 * request is never kept: its answer may be a token pair and its digest a hash of a password, and neither belongs in a
 * table. A repeat simply runs again, and the route's own rules (a taken username, a used reset token) answer it.
 */
const CREDENTIAL_FIELDS = ['password', 'plainPassword', 'currentPassword', 'token', 'refresh_token', 'refreshToken'];
const carriesCredential = (body: unknown) => typeof body === 'object' && body !== null && CREDENTIAL_FIELDS.some((f) => f in body);

function keyOf(req: FastifyRequest): string | null {
  if (!WRITES.has(req.method) || !req.url.startsWith('/api/')) return null;
  const raw = req.headers[IDEMPOTENCY.header.toLowerCase()];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw.join(', ') : raw;
  if (key.length > IDEMPOTENCY.maxKeyLength || !KEY.test(key))
    throw new ValidationError([{ propertyPath: IDEMPOTENCY.header, message: IDEMPOTENCY_MESSAGES.keyInvalid }]);
  return key;
}

/** Keys of two users never meet; without sign-in, those of one client address. */
const scopeOf = (req: FastifyRequest) => (req.signedIn ? `u:${req.signedIn.userId}` : `a:${sha256(req.ip).slice(0, 32)}`);

/**
 * Whether an answer is what this request deserves for good, and so what a repeat of it must get (DESIGN §7). The key
 * of any other answer is given back: nothing was written (the house rule for refusals), so a retry after the state
 * changed, or a corrected body under the same key, simply runs. The web outbox reuses its keys for both.
 * - 2xx: the write happened; a repeat must not write it again.
 * - 400, 413, 415, 422: the body itself is wrong (invalid, too large, of a type no route reads); the same body, which
 *   is all a repeat may send under its key, fails the same way whatever happens meanwhile.
 * - 404, 410: what the request names does not exist, and ids are never reused, so it never will; 405: no such route.
 * - 401, 403: who sends it (a token that expired, a role not yet given) may change, and then the request is right.
 * - 409: the state of what it names (a finished class, a taken name, a running key) may change back.
 * - 429, 408 and 5xx: the server's condition of the moment (limits, time, outages), never the request's.
 * - Any other (3xx, 406, 411, 412, 428...): depends on headers or state outside the kept digest: not final.
 */
const FINAL_REFUSALS = new Set([400, 404, 405, 410, 413, 415, 422]);
export const isFinalAnswer = (status: number) => (status >= 200 && status < 300) || FINAL_REFUSALS.has(status);

/** The hash a repeat must match: method, path with query, and the body's digest. */
const requestHash = (st: KeyState, bodyDigest: string) => sha256(`${st.target}\n${bodyDigest}`);

/**
 * `Idempotency-Key` on every POST, PUT, PATCH and DELETE under /api (DESIGN §7), for every route present and future.
 * The first request with a key takes it (a row in `idempotency_key`, in the database so that it holds across
 * instances), runs its route and keeps its answer; a repeat with the same request gets that answer with
 * `Idempotency-Replayed: true` (its status, `Location`, and a small body of the ids it made) and writes nothing,
 * one sent while the first still runs waits for it, and one with another request answers 409. Only final answers
 * are kept (`isFinalAnswer`: 2xx, and the refusals the same body always gets: 400, 404, 405, 410, 413, 415, 422);
 * after any other (401, 403, 409, 429, 5xx) or a crash the key is
 * given back, so a retry once the state changed runs, and so does a corrected body under the same key. An answer
 * that is a stream is not kept either (a download must not be buffered), nor one to a multipart body the route did
 * not read to its end (its digest is unknown).
 */
export function registerIdempotency(app: FastifyInstance, db: Db, opts: IdempotencyOptions) {
  const waitMs = opts.waitMs ?? 30_000;

  // The JSON body's digest is taken as the parser reads it, from the bytes sent, without a second copy of them.
  app.addHook('preParsing', async (req, _reply, payload) => {
    if (!keyOf(req) || bodyKind(req) !== 'json') return payload;
    const hash = crypto.createHash('sha256');
    let received = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _enc, done) {
        hash.update(chunk);
        received += chunk.length;
        (tap as unknown as { receivedEncodedLength: number }).receivedEncodedLength = received;
        done(null, chunk);
      },
    });
    payload.on('error', (e) => tap.destroy(e));
    req.idempotency = { scope: '', key: '', userId: null, target: '', body: 'json', hash, owner: false, settled: false };
    return payload.pipe(tap);
  });

  app.addHook('preHandler', async (req, reply) => {
    const key = keyOf(req);
    const body = key ? bodyKind(req) : null;
    if (!key || !body || (body === 'json' && carriesCredential(req.body))) return;
    const st: KeyState = {
      ...(req.idempotency ?? { hash: undefined, owner: false, settled: false }),
      scope: scopeOf(req),
      key,
      userId: req.signedIn?.userId ?? null,
      target: `${req.method} ${req.url}`,
      body,
    };
    req.idempotency = st;
    const jsonHash = body === 'json' ? requestHash(st, (st.hash ?? crypto.createHash('sha256')).digest('hex')) : null;
    const deadline = Date.now() + waitMs;
    for (let pause = 10; ; pause = Math.min(pause * 2, 200)) {
      // A multipart body is digested as the route reads it: its row holds a provisional hash until the answer.
      st.claimedHash = jsonHash ?? requestHash(st, 'multipart:reading');
      const claim = await idempotencyStore.claim(db, st, st.claimedHash, opts.abandonedMs);
      if (claim.won) {
        st.owner = true;
        if (body === 'multipart') req.partsDigest = new PartsDigest();
        return;
      }
      const row = claim.row;
      if (row && row.statusCode !== null) {
        // Read only now, when the answer is certain: a repeat that had to run after all would need its body.
        const hash = jsonHash ?? requestHash(st, await digestParts(req).catch(notMultipart));
        if (hash !== row.requestHash) throw conflict(IDEMPOTENCY_MESSAGES.keyReused);
        st.settled = true;
        return replay(reply, row.statusCode, row.responseHeaders, row.responseBody);
      }
      if (Date.now() >= deadline) throw conflict(IDEMPOTENCY_MESSAGES.inProgress);
      // Running elsewhere (or gone since: the next claim takes it).
      await sleep(pause);
    }
  });

  // Before the answer leaves (and before compression, registered after this): a client that saw it finds it kept.
  app.addHook('onSend', async (req, reply, payload) => {
    const st = req.idempotency;
    if (!st?.owner || st.settled) return payload;
    st.settled = true;
    const status = reply.statusCode;
    // Answers are serialized JSON (a string) or empty; anything else (a stream, bytes) is not kept.
    const text = payload === null || payload === undefined ? null : typeof payload === 'string' ? payload : undefined;
    const digest = st.body === 'json' ? st.claimedHash! : req.partsDigest?.completed ? requestHash(st, req.partsDigest.digest()) : null;
    const keep = isFinalAnswer(status) && text !== undefined && digest !== null;
    if (!keep) {
      await settle(req, () => idempotencyStore.release(db, st));
      return payload;
    }
    const headers: Record<string, string> = {};
    for (const h of KEPT_HEADERS) {
      const v = reply.getHeader(h);
      if (v !== undefined) headers[h] = String(v);
    }
    // Small: ids and types of what was made, never its content or signed links (a replay is built from them).
    const kept = smallAnswer(status, text);
    const answer = { requestHash: digest, statusCode: status, responseHeaders: headers, responseBody: kept.body, names: kept.names };
    await settle(req, () => idempotencyStore.complete(db, st, answer));
    return payload;
  });

  // A run whose answer never passed onSend (the connection dropped first): the key is given back.
  app.addHook('onResponse', async (req) => {
    const st = req.idempotency;
    if (st?.owner && !st.settled) {
      st.settled = true;
      await settle(req, () => idempotencyStore.release(db, st));
    }
  });
}

/**
 * The route has run: its answer goes out even if the key's row cannot be written now (the database just went away).
 * The row then stays marked running, and a repeat waits and answers 409 until `abandonedMs` lets one take it over.
 */
async function settle(req: FastifyRequest, write: () => Promise<void>) {
  try {
    await write();
  } catch (e) {
    // The SQL state only: a failed query's message quotes its parameters, and the answer kept may name a child.
    req.log.warn({ sqlState: sqlState(e) }, 'idempotency key not settled');
  }
}

const notMultipart = (): never => {
  throw new HttpError(400, 'The request body is not valid multipart/form-data.');
};

function replay(reply: FastifyReply, status: number, headers: Record<string, string> | null, body: string | null) {
  reply.code(status).header(IDEMPOTENCY.replayedHeader.toLowerCase(), 'true');
  for (const [h, v] of Object.entries(headers ?? {})) reply.header(h, v);
  return reply.send(body ?? undefined);
}

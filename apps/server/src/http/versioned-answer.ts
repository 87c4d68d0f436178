import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedAnswer, VersionedCache } from '../lib/versioned-cache';
import { HYDRA_TYPE } from '../plugins/content-types';

/** How an answer is validated: the current version of what it shows (one indexed read), and how it is made. */
export interface Versioned {
  /** The version now, for a cached answer: read before any data, so an answer is never older than its version. */
  version: () => Promise<string>;
  /** The answer with the version it was made at (read in the same statement as the data, or before it). */
  compute: () => Promise<{ version: string; body: unknown }>;
}

/** A weak tag of the answer's bytes: the same bytes, whoever asks, for as long as the cached answer stands. */
const tagOf = (body: string) => `W/"${crypto.createHash('sha1').update(body).digest('base64url')}"`;

/** Whether the client's `If-None-Match` names this tag (weak comparison, RFC 9110 §13.1.2). */
function matches(req: FastifyRequest, etag: string) {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  const bare = etag.slice(2);
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag === etag || tag === bare || tag.replace(/^W\//, '') === bare;
  });
}

/**
 * Answers a GET from the cache while the version it was made at is current, else computes, stores and sends it. Every
 * answer carries its `ETag`, and `304 Not Modified` goes to a client that already holds those bytes: the browser
 * revalidates (`private, no-cache`) and hands its copy to the page. Keys name the user, so nobody is served an answer
 * made for another; the tag is of the bytes, so a stale or foreign copy never matches a different answer.
 */
export function versionedAnswer(cache: VersionedCache) {
  const send = (req: FastifyRequest, reply: FastifyReply, e: CachedAnswer) => {
    reply.header('etag', e.etag).header('cache-control', 'private, no-cache');
    if (matches(req, e.etag)) return reply.status(304).send();
    return reply.type(HYDRA_TYPE).send(e.body);
  };
  return async (req: FastifyRequest, reply: FastifyReply, key: string, v: Versioned) => {
    if (cache.has(key)) {
      const hit = cache.entry(key, await v.version());
      if (hit) return send(req, reply, hit);
    }
    const { version, body } = await v.compute();
    const text = JSON.stringify(body);
    const entry = { version, body: text, etag: tagOf(text) };
    cache.set(key, version, text, entry.etag);
    return send(req, reply, entry);
  };
}

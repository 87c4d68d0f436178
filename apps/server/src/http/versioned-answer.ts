import type { FastifyReply } from 'fastify';
import type { VersionedCache } from '../lib/versioned-cache';
import { HYDRA_TYPE } from '../plugins/content-types';

/**
 * Serves a GET from the cache while the data version it was made at is current, else computes, stores and sends it.
 * The version check is one indexed read, as cheap as `select 1`; a miss costs nothing more than an uncached answer,
 * because `compute` reads the version in the same statement as the data.
 */
export function versionedAnswer(cache: VersionedCache, currentVersion: () => Promise<string>) {
  return async (reply: FastifyReply, key: string, compute: () => Promise<{ version: string; body: unknown }>) => {
    if (cache.has(key)) {
      const hit = cache.get(key, Number(await currentVersion()));
      if (hit !== null) return reply.type(HYDRA_TYPE).send(hit);
    }
    const { version, body } = await compute();
    const text = JSON.stringify(body);
    cache.set(key, Number(version), text);
    return reply.type(HYDRA_TYPE).send(text);
  };
}

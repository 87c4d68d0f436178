import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';

const sha256 = () => crypto.createHash('sha256');

/**
 * The digest of a multipart body, part by part: each field's name and value, each file's field name, file name and
 * bytes, in the order sent. Not the raw bytes: a browser draws a new random boundary for every FormData it sends,
 * so the same upload sent again differs in its raw body and must not count as another request.
 */
export class PartsDigest {
  private readonly parts: crypto.Hash[] = [];
  private done = false;

  field(name: string, value: string) {
    this.parts.push(sha256().update(`field\0${name}\0${value}`));
  }

  /** A file part begins: answers where its bytes go (every byte, those of a file the route skips too). */
  file(fieldName: string, fileName: string | undefined): { update(chunk: Buffer): void } {
    const h = sha256().update(`file\0${fieldName}\0${fileName ?? ''}\0`);
    this.parts.push(h);
    return { update: (chunk) => void h.update(chunk) };
  }

  /** The route read the body to its end: only then does the digest stand for the whole request. */
  complete() {
    this.done = true;
  }

  get completed() {
    return this.done;
  }

  digest(): string {
    const all = sha256();
    for (const p of this.parts) all.update(p.digest());
    return all.digest('hex');
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the idempotency plugin on a multipart write whose key it holds; the route that reads the parts feeds it. */
    partsDigest?: PartsDigest;
  }
}

/** Where a route reading multipart parts reports them; null when no key is being kept for this request. */
export const partsDigestOf = (req: FastifyRequest): PartsDigest | null => req.partsDigest ?? null;

/** Reads a whole multipart body only to digest it (a repeat answered from the stored answer never runs its route). */
export async function digestParts(req: FastifyRequest): Promise<string> {
  const d = new PartsDigest();
  for await (const part of req.parts()) {
    if (part.type === 'field') {
      d.field(part.fieldname, typeof part.value === 'string' ? part.value : String(part.value ?? ''));
      continue;
    }
    const f = d.file(part.fieldname, part.filename);
    for await (const chunk of part.file) f.update(chunk as Buffer);
  }
  return d.digest();
}

import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { partsDigestOf } from '../plugins/idempotency-digest';
import { HttpError } from './errors';

/** What a file part's reader is given: the part, the fields read before it, and the idempotency digest to feed. */
export interface FilePart {
  part: MultipartFile;
  fields: Readonly<Record<string, string>>;
  /** Every byte of the part goes here when the write carries an Idempotency-Key (null otherwise). */
  digested: { update(chunk: Buffer): void } | null;
}

/**
 * What the multipart parser throws at a body that is not multipart (no boundary, a boundary that never comes,
 * a part cut short) carries no status: that is the client's fault, a 400. Errors with a status keep it, and
 * those of the disk (they name a system call) stay server errors.
 */
function asClientError(e: unknown): unknown {
  if (e instanceof HttpError || (e as { statusCode?: number }).statusCode || (e as { syscall?: string }).syscall) return e;
  return new HttpError(400, 'The request body is not valid multipart/form-data.');
}

/**
 * The one loop over a multipart body (media uploads, roster files): fields are kept (the first of a name wins), every
 * part feeds the Idempotency-Key digest so that a repeat can be told from another request, and each file part goes to
 * `readFile`, which must consume its stream (read it, or `resume()` it to drop it).
 */
export async function readMultipart(req: FastifyRequest, readFile: (file: FilePart) => Promise<void>): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  const digest = partsDigestOf(req);
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        digest?.field(part.fieldname, value);
        if (!(part.fieldname in fields)) fields[part.fieldname] = value;
        continue;
      }
      await readFile({ part, fields, digested: digest?.file(part.fieldname, part.filename) ?? null });
    }
    digest?.complete();
  } catch (e) {
    throw asClientError(e);
  }
  return fields;
}

/** Drops a file part nobody asked for, still feeding the digest. */
export function skipPart({ part, digested }: FilePart) {
  if (digested) part.file.on('data', (chunk: Buffer) => digested.update(chunk));
  part.file.resume();
}

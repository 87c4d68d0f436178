import type { FastifyRequest } from 'fastify';
import { ROSTER_IMPORT_LIMITS } from '@skillroom/contract';
import { HttpError } from '../../http/errors';
import { partsDigestOf } from '../../plugins/idempotency-digest';
import { rosterTooLarge } from './roster-read';

export interface RosterParts {
  fields: Record<string, string>;
  /** The `file` part's bytes, or null when none was sent. */
  file: Buffer | null;
}

/**
 * Reads a roster upload into memory (it is at most ROSTER_IMPORT_LIMITS.maxBytes: one more byte is a 413 at once),
 * feeding the Idempotency-Key digest as media uploads do. Other file parts are read and dropped.
 */
export async function readRosterParts(req: FastifyRequest): Promise<RosterParts> {
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  const digest = partsDigestOf(req);
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        digest?.field(part.fieldname, value);
        if (!(part.fieldname in fields)) fields[part.fieldname] = value;
        continue;
      }
      const digested = digest?.file(part.fieldname, part.filename);
      const keep = part.fieldname === 'file' && !file;
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        digested?.update(chunk);
        if (!keep) continue;
        size += chunk.length;
        if (size > ROSTER_IMPORT_LIMITS.maxBytes) throw rosterTooLarge();
        chunks.push(chunk);
      }
      if (keep) file = Buffer.concat(chunks);
    }
    digest?.complete();
  } catch (e) {
    if (e instanceof HttpError || (e as { statusCode?: number }).statusCode) throw e;
    throw new HttpError(400, 'The request body is not valid multipart/form-data.');
  }
  return { fields, file };
}

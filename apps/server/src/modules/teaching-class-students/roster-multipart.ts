import type { FastifyRequest } from 'fastify';
import { ROSTER_IMPORT_LIMITS } from '@skillroom/contract';
import { readMultipart } from '../../http/multipart-reader';
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
  let file: Buffer | null = null;
  const fields = await readMultipart(req, async ({ part, digested }) => {
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
  });
  return { fields, file };
}

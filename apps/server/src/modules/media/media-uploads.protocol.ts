import { ERRORS, TUS_RESUMABLE } from '@tus/server';
import { HttpError, ValidationError } from '../../http/errors';

type Headers = Record<string, string | string[] | undefined>;

const OCTETS = 'application/offset+octet-stream';
const OFFSET = /^(0|[1-9]\d{0,14})$/;

/** 412 (tus 1.0.0 "Tus-Resumable"): the answer names the versions this server speaks in `Tus-Version`. */
export class UnsupportedTusVersion extends HttpError {
  constructor(sent: string | undefined) {
    super(
      412,
      sent === undefined
        ? `Tus-Resumable is required: this server speaks tus ${TUS_RESUMABLE}.`
        : `Tus-Resumable ${sent} is not supported: this server speaks tus ${TUS_RESUMABLE} (Tus-Version).`,
    );
  }
}

const one = (headers: Headers, name: string) => {
  const v = headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
};
const header = (name: string, message: string) => new ValidationError([{ propertyPath: name, message }]);

/**
 * What the protocol refuses before anything is read or looked up, with the status tus 1.0.0 gives it. The library
 * answers some of these itself, but with a 5xx (501 for an extension it lacks), a 403 or a plain 400, and some before
 * its error hook: checking here keeps every such answer a 4xx in the API's Hydra shape, written in one place.
 * Extensions the server does not offer (concatenation, creation-defer-length) are the client's mistake: it was told
 * by OPTIONS (`Tus-Extension`) what there is.
 */
export function protocolProblem(method: string, headers: Headers): HttpError | null {
  if (method === 'OPTIONS') return null;
  const version = one(headers, 'tus-resumable');
  if (version !== TUS_RESUMABLE) return new UnsupportedTusVersion(version);
  if (one(headers, 'upload-concat') !== undefined)
    return header('Upload-Concat', 'Parallel uploads (the concatenation extension) are not supported: send the file as one upload.');
  if (one(headers, 'upload-defer-length') !== undefined)
    return header('Upload-Defer-Length', 'The length must be known at creation (Upload-Length): creation-defer-length is not supported.');
  if (method !== 'PATCH') return null;
  const type = one(headers, 'content-type');
  if (type !== OCTETS) return new HttpError(415, `The bytes of an upload are sent as ${OCTETS}.`);
  const offset = one(headers, 'upload-offset');
  if (!offset || !OFFSET.test(offset))
    return header('Upload-Offset', 'Upload-Offset must be the offset reached, in bytes (HEAD tells it).');
  if (one(headers, 'upload-length') !== undefined) return header('Upload-Length', 'The length was given at creation and cannot change.');
  return null;
}

/**
 * The library's own refusals as the statuses tus 1.0.0 gives them (its defaults are 501, 403 and 500 for these), in
 * case one comes through a path the checks above do not see. Lock timeout: two requests at once on one upload (a
 * client retrying while its first try still runs) answer 423, which tus clients retry.
 */
export function libraryErrorAnswer(err: unknown): { status_code: number; body: string } | undefined {
  switch (err) {
    case ERRORS.ERR_LOCK_TIMEOUT:
      return { status_code: 423, body: 'The upload is busy with another request: please try again.' };
    case ERRORS.UNSUPPORTED_CONCATENATION_EXTENSION:
      return { status_code: 400, body: 'Parallel uploads (the concatenation extension) are not supported.' };
    case ERRORS.UNSUPPORTED_CREATION_DEFER_LENGTH_EXTENSION:
      return { status_code: 400, body: 'The length must be known at creation: creation-defer-length is not supported.' };
    case ERRORS.INVALID_CONTENT_TYPE:
      return { status_code: 415, body: `The bytes of an upload are sent as ${OCTETS}.` };
    case ERRORS.MISSING_OFFSET:
      return { status_code: 400, body: 'Upload-Offset is required.' };
    default:
      return undefined;
  }
}

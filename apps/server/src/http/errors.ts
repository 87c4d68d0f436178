import type { Violation } from '@skillroom/contract';

/** An error with an HTTP status that the error handler turns into a Hydra error body. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly title = 'An error occurred',
  ) {
    super(message);
  }
}

/** 429: the caller should wait `retryAfterSeconds` (sent as Retry-After) before trying again. */
export class TooManyRequests extends HttpError {
  constructor(
    message: string,
    public readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

/** An error whose Hydra body carries more than its description (what a 409 names, as data a client can show). */
export class DetailedError extends HttpError {
  constructor(
    statusCode: number,
    message: string,
    public readonly details: Record<string, unknown>,
  ) {
    super(statusCode, message);
  }
}

export class ValidationError extends HttpError {
  constructor(public readonly violations: Violation[]) {
    super(400, violations.map((v) => (v.propertyPath ? `${v.propertyPath}: ${v.message}` : v.message)).join('\n'));
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Full authentication is required to access this resource.') => new HttpError(401, message);
export const forbidden = (message = 'Access Denied.') => new HttpError(403, message);
export const notFound = (message = 'Not Found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const violation = (propertyPath: string, message: string) => new ValidationError([{ propertyPath, message }]);

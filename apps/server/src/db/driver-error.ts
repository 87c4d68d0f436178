export interface DriverError {
  code: string;
  constraint?: string;
  message?: string;
}

/** The driver's error (with a SQLSTATE) inside whatever the ORM wrapped it in, or null for any other error. */
export function driverError(err: unknown): DriverError | null {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e as DriverError;
  }
  return null;
}

// HTTP calls of the cluster run, through HAProxy or to one instance. The client's address is chosen with
// X-Forwarded-For (the instances trust the proxy), so that the per-address limits see the callers the run means.
export const PUBLIC = '/api/public/v1';
export const AUTH = '/api/auth/v1';

export interface Answer {
  status: number;
  body: unknown;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  form?: FormData;
  ip?: string;
  headers?: Record<string, string>;
}

let nextIp = 0;
/** A fresh caller address from 10.0.0.0/8, one per setup call, so that setup does not use up the limits measured. */
export const freshIp = () => {
  nextIp++;
  return `10.${(nextIp >> 16) & 255}.${(nextIp >> 8) & 255}.${nextIp & 255}`;
};

export async function call(base: string, method: string, path: string, o: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { accept: 'application/ld+json', 'x-forwarded-for': o.ip ?? freshIp(), ...o.headers };
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  let body: string | FormData | undefined;
  if (o.form) body = o.form;
  else if (o.body !== undefined) {
    headers['content-type'] = 'application/ld+json';
    body = JSON.stringify(o.body);
  }
  const res = await fetch(base + path, { method, headers, body, signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: kept as text for the error message.
  }
  return { status: res.status, body: parsed };
}

/** A call that must succeed (setup): anything but 2xx stops the run with what the server said. */
export async function must<T>(base: string, method: string, path: string, o: CallOptions = {}): Promise<T> {
  const r = await call(base, method, path, o);
  if (r.status < 200 || r.status > 299) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  return r.body as T;
}

export interface Account {
  id: number;
  username: string;
  password: string;
  token: string;
}

let seq = 0;
export async function signUp(base: string, accountTypeRadio = 'teacher'): Promise<Account> {
  const n = `${process.pid}c${++seq}`;
  const body = {
    username: `cluster${n}`,
    email: `cluster${n}@example.org`,
    plainPassword: 'correct horse battery',
    firstName: 'Cluster',
    lastName: `User${n}`,
    accountTypeRadio,
    preferredLanguage: 'en',
  };
  const user = await must<{ id: number }>(base, 'POST', `${PUBLIC}/user`, { body });
  const { token } = await must<{ token: string }>(base, 'POST', `${PUBLIC}/login_check`, {
    body: { username: body.username, password: body.plainPassword },
  });
  return { id: user.id, username: body.username, password: body.plainPassword, token };
}

export function uploadForm(mediaType: number, file: Buffer, filename: string, type: string) {
  const form = new FormData();
  form.append('mediaType', String(mediaType));
  form.append('mediaFile[file]', new Blob([file], { type }), filename);
  return form;
}

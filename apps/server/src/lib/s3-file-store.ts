import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import type { ByteRange, FileStore, StoredFile } from './file-store';

export interface S3Config {
  bucket: string;
  region: string;
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const sha256 = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex');
const hmac = (key: crypto.BinaryLike, data: string) => crypto.createHmac('sha256', key).update(data).digest();
// RFC 3986 encoding as SigV4 wants it: everything but unreserved characters, and '/' kept in paths.
const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const encodePath = (p: string) => p.split('/').map(rfc3986).join('/');
const amzDate = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

interface SignInput {
  method: string;
  url: URL;
  headers: Record<string, string>;
  payloadHash: string;
  date: Date;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

function signature(i: SignInput, query: [string, string][], signedHeaders: Record<string, string>) {
  const stamp = amzDate(i.date);
  const day = stamp.slice(0, 8);
  const scope = `${day}/${i.region}/s3/aws4_request`;
  const names = Object.keys(signedHeaders).sort();
  const canonical = [
    i.method,
    encodePath(decodeURIComponent(i.url.pathname)),
    query
      .map(([k, v]) => [rfc3986(k), rfc3986(v)])
      .sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0))
      .map(([k, v]) => `${k}=${v}`)
      .join('&'),
    names.map((n) => `${n}:${signedHeaders[n]!.trim()}\n`).join(''),
    names.join(';'),
    i.payloadHash,
  ].join('\n');
  const toSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${i.secretAccessKey}`, day), i.region), 's3'), 'aws4_request');
  return { signature: crypto.createHmac('sha256', key).update(toSign).digest('hex'), scope, stamp, names: names.join(';') };
}

/** The Authorization header of an AWS Signature V4 request (header-signed; every given header is signed). */
export function signV4(i: SignInput): string {
  const headers = Object.fromEntries(Object.entries({ ...i.headers, host: i.url.host }).map(([k, v]) => [k.toLowerCase(), v]));
  const query = [...i.url.searchParams.entries()];
  const s = signature(i, query, headers);
  return `AWS4-HMAC-SHA256 Credential=${i.accessKeyId}/${s.scope},SignedHeaders=${s.names},Signature=${s.signature}`;
}

/** A presigned GET link (query-signed), valid for `expires` seconds from `date`. */
export function presignV4(i: Omit<SignInput, 'headers' | 'payloadHash' | 'method'> & { expires: number }): string {
  const stamp = amzDate(i.date);
  const query: [string, string][] = [
    ['X-Amz-Algorithm', 'AWS4-HMAC-SHA256'],
    ['X-Amz-Credential', `${i.accessKeyId}/${stamp.slice(0, 8)}/${i.region}/s3/aws4_request`],
    ['X-Amz-Date', stamp],
    ['X-Amz-Expires', String(i.expires)],
    ['X-Amz-SignedHeaders', 'host'],
  ];
  const s = signature({ ...i, method: 'GET', headers: {}, payloadHash: 'UNSIGNED-PAYLOAD' }, query, { host: i.url.host });
  const qs = [...query, ['X-Amz-Signature', s.signature]].map(([k, v]) => `${rfc3986(k!)}=${rfc3986(v!)}`).join('&');
  return `${i.url.origin}${encodePath(decodeURIComponent(i.url.pathname))}?${qs}`;
}

interface SendOptions {
  body?: Buffer | Readable;
  length?: number;
  payloadHash?: string;
  headers?: Record<string, string>;
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const xmlText = (s: string) => s.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => XML_ENTITIES[e]!);

class S3Error extends Error {
  constructor(
    message: string,
    public readonly status: number,
    public readonly code?: string,
  ) {
    super(message);
  }
}

/** Any S3-compatible object store (AWS, MinIO, Garage, R2…), spoken to directly: no SDK needed for five calls. */
export class S3FileStore implements FileStore {
  constructor(
    private readonly c: S3Config,
    private readonly linkTtlSeconds: number,
  ) {}

  private urlOf(key: string) {
    const base = new URL(this.c.endpoint);
    if (this.c.forcePathStyle) return new URL(`${base.origin}${base.pathname.replace(/\/$/, '')}/${this.c.bucket}/${encodePath(key)}`);
    return new URL(`${base.protocol}//${this.c.bucket}.${base.host}/${encodePath(key)}`);
  }

  private send(method: string, key: string, o: SendOptions = {}) {
    return this.sendTo(method, this.urlOf(key), key, o);
  }

  private sendTo(method: string, url: URL, key: string, o: SendOptions) {
    const payloadHash = o.payloadHash ?? EMPTY_SHA256;
    const now = new Date();
    const signed = { 'x-amz-content-sha256': payloadHash, 'x-amz-date': amzDate(now) };
    const authorization = signV4({
      method,
      url,
      headers: signed,
      payloadHash,
      date: now,
      region: this.c.region,
      accessKeyId: this.c.accessKeyId,
      secretAccessKey: this.c.secretAccessKey,
    });
    const headers: Record<string, string> = { ...o.headers, ...signed, authorization };
    if (o.length !== undefined) headers['content-length'] = String(o.length);
    return new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = (url.protocol === 'https:' ? https : http).request(url, { method, headers, timeout: 30_000 }, (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 200 && status < 300) return resolve(res);
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d.slice(0, 2000)));
        res.on('end', () =>
          reject(
            new S3Error(
              `S3 ${method} ${key}: ${status} ${/<Code>([^<]+)/.exec(text)?.[1] ?? ''}`.trim(),
              status,
              /<Code>([^<]+)/.exec(text)?.[1],
            ),
          ),
        );
        res.on('error', reject);
      });
      req.on('timeout', () => req.destroy(new Error(`S3 ${method} ${key}: timeout`)));
      req.on('error', reject);
      if (!o.body) req.end();
      else if (Buffer.isBuffer(o.body)) req.end(o.body);
      else o.body.on('error', (e) => req.destroy(e)).pipe(req);
    });
  }

  async put(key: string, data: Buffer, contentType = 'application/octet-stream') {
    const res = await this.send('PUT', key, {
      body: data,
      length: data.length,
      payloadHash: sha256(data),
      headers: { 'content-type': contentType },
    });
    res.resume();
  }

  async putFile(key: string, filePath: string, contentType = 'application/octet-stream') {
    const { size } = await fs.promises.stat(filePath);
    // Streamed with an unsigned payload so that a 200 MB video is never hashed or held in memory.
    const res = await this.send('PUT', key, {
      body: fs.createReadStream(filePath),
      length: size,
      payloadHash: 'UNSIGNED-PAYLOAD',
      headers: { 'content-type': contentType },
    });
    res.resume();
  }

  async get(key: string, range?: ByteRange) {
    return this.send('GET', key, range ? { headers: { range: `bytes=${range.start}-${range.end}` } } : {});
  }

  async size(key: string) {
    try {
      const res = await this.send('HEAD', key);
      res.resume();
      return Number(res.headers['content-length'] ?? 0);
    } catch (e) {
      if (e instanceof S3Error && e.status === 404) return null;
      throw e;
    }
  }

  async remove(key: string) {
    const res = await this.send('DELETE', key);
    res.resume();
  }

  /** ListObjectsV2, a thousand keys a page, following the continuation token. */
  async *list(): AsyncIterable<StoredFile> {
    let token: string | null = null;
    do {
      const url = this.urlOf('');
      url.searchParams.set('list-type', '2');
      if (token) url.searchParams.set('continuation-token', token);
      const res = await this.sendTo('GET', url, '(list)', {});
      let xml = '';
      res.setEncoding('utf8');
      for await (const chunk of res) xml += chunk as string;
      for (const m of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
        const key = /<Key>([\s\S]*?)<\/Key>/.exec(m[1]!)?.[1];
        const modified = /<LastModified>([^<]*)<\/LastModified>/.exec(m[1]!)?.[1];
        if (key) yield { key: xmlText(key), modified: modified ? new Date(modified) : new Date(0) };
      }
      token = /<IsTruncated>true<\/IsTruncated>/.test(xml) ? (/<NextContinuationToken>([^<]*)</.exec(xml)?.[1] ?? null) : null;
      if (token) token = xmlText(token);
    } while (token);
  }

  publicUrl(key: string) {
    // Dated at the start of the hour, so that a link stays the same (and cacheable) for an hour, like ours.
    const hour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
    const expires = Math.min(604_800, this.linkTtlSeconds + 3600);
    return presignV4({
      url: this.urlOf(key),
      date: hour,
      expires,
      region: this.c.region,
      accessKeyId: this.c.accessKeyId,
      secretAccessKey: this.c.secretAccessKey,
    });
  }
}

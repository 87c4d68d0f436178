import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { FileStoreUnavailable, missingFile, type ByteRange, type FileStore, type ServedAs, type StoredFile } from './file-store';

export interface S3Config {
  bucket: string;
  region: string;
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/** How the client waits and retries; the defaults suit a real store, tests shorten them. */
export interface S3Tuning {
  /** Establishing a connection. */
  connectMs: number;
  /** A socket with no traffic at all (a store that hangs mid-answer); also frees a connection a slow reader holds. */
  idleMs: number;
  /** From sending a request to the first byte of its answer. */
  answerMs: number;
  /** Tries per request, with the SDK's standard back-off: three tries of a hung store still end within the request timeout. */
  maxAttempts: number;
  /** Parts of a multipart upload; files smaller than one part go in one PUT. S3 wants at least 5 MB. */
  partBytes: number;
  /** Parts sent at once per upload: memory is at most partBytes × (queue + 1) per upload. */
  queueSize: number;
}

export const S3_DEFAULTS: S3Tuning = {
  connectMs: 3_000,
  idleMs: 15_000,
  answerMs: 30_000,
  maxAttempts: 3,
  partBytes: 8 * 1024 * 1024,
  queueSize: 2,
};

/*
 * The AWS SDK weighs some 300 ms of module loading: it is imported when the store is first used, so a server on
 * local disk never loads it and one on S3 does so after it listens.
 */
const loadSdk = async () => {
  // The SDK warns at load that its releases of 2027 will want Node 22; the lockfile keeps one that runs on Node 20
  // (the node-support unit test checks every installed package's engines), so the warning would only be noise.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const [s3, storage, presigner] = await Promise.all([
    import('@aws-sdk/client-s3'),
    import('@aws-sdk/lib-storage'),
    import('@aws-sdk/s3-request-presigner'),
  ]);
  return { ...s3, Upload: storage.Upload, getSignedUrl: presigner.getSignedUrl };
};
type Sdk = Awaited<ReturnType<typeof loadSdk>>;
let sdkLoading: Promise<Sdk> | null = null;
const sdk = () => (sdkLoading ??= loadSdk());

interface SdkError {
  name?: string;
  $metadata?: { httpStatusCode?: number };
}
const statusOf = (e: unknown) => (e as SdkError | null)?.$metadata?.httpStatusCode;
const isMissing = (e: unknown) => ['NoSuchKey', 'NotFound'].includes((e as SdkError | null)?.name ?? '') || statusOf(e) === 404;

/** Presigned links are dated at the start of this span (see `linkFor`). */
const PRESIGN_DATING_MS = 60_000;

/** Any S3-compatible object store (AWS, MinIO, Garage, R2…) through the AWS SDK v3. */
export class S3FileStore implements FileStore {
  readonly hasLinks = true;
  private client: Promise<S3Client> | null = null;
  private readonly tuning: S3Tuning;

  constructor(
    private readonly c: S3Config,
    /** How long a presigned link stays valid once handed out (`S3_PRESIGN_TTL_SECONDS`). */
    private readonly presignTtlSeconds: number,
    tuning: Partial<S3Tuning> = {},
  ) {
    this.tuning = { ...S3_DEFAULTS, ...tuning };
  }

  private async s3(): Promise<{ sdk: Sdk; client: S3Client }> {
    const loaded = await sdk();
    this.client ??= Promise.resolve(this.makeClient(loaded));
    return { sdk: loaded, client: await this.client };
  }

  private makeClient({ S3Client }: Sdk) {
    const t = this.tuning;
    // Enough sockets for many videos streamed at once; the idle timeout takes back those a stalled reader holds.
    const agent = { keepAlive: true, maxSockets: 256 };
    return new S3Client({
      region: this.c.region,
      endpoint: this.c.endpoint,
      forcePathStyle: this.c.forcePathStyle,
      credentials: { accessKeyId: this.c.accessKeyId, secretAccessKey: this.c.secretAccessKey },
      maxAttempts: t.maxAttempts,
      retryMode: 'standard',
      requestHandler: {
        connectionTimeout: t.connectMs,
        socketTimeout: t.idleMs,
        requestTimeout: t.answerMs,
        // Without it the SDK only logs an answer that takes too long, and keeps waiting.
        throwOnRequestTimeout: true,
        httpAgent: new http.Agent(agent),
        httpsAgent: new https.Agent(agent),
      },
      // Checksums only where S3 requires them: stores other than AWS (and older MinIO, Garage, s3rver) do not read
      // the aws-chunked bodies with trailing checksums the SDK would otherwise send.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** Runs one store operation; any failure but a missing key becomes FileStoreUnavailable (a 503). */
  private async run<T>(operation: string, key: string, work: (s: { sdk: Sdk; client: S3Client }) => Promise<T>): Promise<T> {
    try {
      return await work(await this.s3());
    } catch (e) {
      if (isMissing(e)) throw missingFile(key);
      const status = statusOf(e);
      const reason = `${(e as Error | null)?.name ?? 'Error'}${status ? ` (HTTP ${status})` : ''}`;
      throw new FileStoreUnavailable(`S3 ${operation} failed: ${reason}`, { cause: e });
    }
  }

  async put(key: string, data: Buffer, contentType = 'application/octet-stream') {
    await this.run('PutObject', key, ({ sdk, client }) =>
      client.send(new sdk.PutObjectCommand({ Bucket: this.c.bucket, Key: key, Body: data, ContentType: contentType })),
    );
  }

  /**
   * Streamed from disk: one PUT below a part's size, else a multipart upload of `partBytes` parts, each retried on
   * its own. A failed multipart upload is aborted (AbortMultipartUpload), so the store keeps none of its parts.
   */
  async putFile(key: string, filePath: string, contentType = 'application/octet-stream') {
    const { size } = await fs.promises.stat(filePath);
    const body = fs.createReadStream(filePath);
    try {
      await this.run('upload', key, async ({ sdk, client }) => {
        const upload = new sdk.Upload({
          client,
          params: { Bucket: this.c.bucket, Key: key, Body: body, ContentType: contentType, ContentLength: size },
          partSize: this.tuning.partBytes,
          queueSize: this.tuning.queueSize,
        });
        await upload.done();
      });
    } finally {
      body.destroy();
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    return this.run('GetObject', key, async ({ sdk, client }) => {
      const res = await client.send(
        new sdk.GetObjectCommand({
          Bucket: this.c.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      // In Node the body is the answer's own IncomingMessage: bytes flow from S3 to the reader as it reads them.
      return res.Body as Readable;
    });
  }

  async size(key: string) {
    try {
      const head = await this.run('HeadObject', key, ({ sdk, client }) =>
        client.send(new sdk.HeadObjectCommand({ Bucket: this.c.bucket, Key: key })),
      );
      return head.ContentLength ?? 0;
    } catch (e) {
      if ((e as { code?: string }).code === 'ENOENT') return null;
      throw e;
    }
  }

  async remove(key: string) {
    await this.run('DeleteObject', key, ({ sdk, client }) => client.send(new sdk.DeleteObjectCommand({ Bucket: this.c.bucket, Key: key })));
  }

  /** ListObjectsV2, a thousand keys a page, following the continuation token. */
  async *list(): AsyncIterable<StoredFile> {
    let token: string | undefined;
    do {
      const page = await this.run('ListObjectsV2', '', ({ sdk, client }) =>
        client.send(new sdk.ListObjectsV2Command({ Bucket: this.c.bucket, ContinuationToken: token })),
      );
      for (const o of page.Contents ?? []) if (o.Key) yield { key: o.Key, modified: o.LastModified ?? new Date(0) };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /**
   * A presigned GET link, short-lived: the store cannot ask us whether the reader still may see the file, so a link
   * handed out works for `presignTtlSeconds` whatever happens meanwhile (our own redirect checks the reader on each
   * use, DESIGN §6). Dated at the start of the minute so that the same file asked for again within the minute gets
   * the same link, and the browser's copy of it; valid a minute more for that, since the date lies up to one back.
   */
  async linkFor(key: string, served?: ServedAs) {
    const minute = new Date(Math.floor(Date.now() / PRESIGN_DATING_MS) * PRESIGN_DATING_MS);
    const expiresIn = Math.min(604_800, this.presignTtlSeconds + PRESIGN_DATING_MS / 1000);
    return this.run('presign', key, ({ sdk, client }) =>
      sdk.getSignedUrl(
        client,
        new sdk.GetObjectCommand({
          Bucket: this.c.bucket,
          Key: key,
          ...(served ? { ResponseContentType: served.mime, ResponseContentDisposition: served.disposition } : {}),
        }),
        { expiresIn, signingDate: minute },
      ),
    );
  }
}

import path from 'node:path';
import type { Config } from '../config';
import { LocalFileStore, type FileStore } from './file-store';
import { S3FileStore } from './s3-file-store';

/** The store the configuration asks for: S3 when S3_BUCKET is set, else DATA_DIR/media. */
export function createFileStore(config: Pick<Config, 's3' | 'dataDir' | 's3PresignTtlSeconds'>): FileStore {
  if (config.s3) return new S3FileStore(config.s3, config.s3PresignTtlSeconds);
  return new LocalFileStore(path.join(config.dataDir, 'media'));
}

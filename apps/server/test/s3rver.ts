import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * An S3 server implementation (s3rver) on 127.0.0.1 and a free port, its objects in a temporary folder, with one
 * bucket. Its account is s3rver's built-in one; `stop()` closes it and removes the folder.
 */
export async function startS3rver(bucket = 'skillroom-test') {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'skillroom-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    stop: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

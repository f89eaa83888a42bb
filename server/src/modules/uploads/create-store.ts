// Picks the store from the environment: S3 when S3_BUCKET is set (env.ts checks the rest), else DATA_DIR.
import type { Env } from '#server/env.ts';
import { diskStore } from './disk-store.ts';
import { s3Store } from './s3-store.ts';
import type { UploadStore } from './store.ts';

export function createUploadStore(env: Env): UploadStore {
  if (!env.S3_BUCKET) return diskStore(env.dataDir);
  return s3Store({
    bucket: env.S3_BUCKET,
    region: env.S3_REGION ?? 'us-east-1',
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
  });
}

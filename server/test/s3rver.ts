// A local S3-compatible server (s3rver, from npm) on a free port of 127.0.0.1 with its files in a
// temporary folder: the app's S3 store talks to it over HTTP as it would to a real bucket, and the
// test looks into the bucket with its own S3 client.
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

type S3rverOptions = { address: string; port: number; silent: boolean; directory: string; configureBuckets: { name: string }[] };
type S3rverServer = { run(): Promise<{ port: number }>; close(): Promise<void> };
// The package ships no types.
const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as new (options: S3rverOptions) => S3rverServer;

/** s3rver's only account. */
const KEY = 'S3RVER';

export type LocalS3 = {
  bucket: string;
  /** The S3_* variables that point the app at this server. */
  env: Record<string, string>;
  /** Every key in the bucket, sorted. */
  keys(): Promise<string[]>;
  has(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
  close(): Promise<void>;
};

export async function startLocalS3(bucket = 'vitrina-pruebas'): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'vitrina-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: KEY, secretAccessKey: KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  // s3rver checks the signature of a bucket-level request (the listing) against `/bucket`, while
  // the SDK signs `/bucket/`: only this helper lists, so only its requests lose the slash.
  client.middlewareStack.add(
    (next) => async (args) => {
      const request = args.request as { path?: string };
      if (request.path === `/${bucket}/`) request.path = `/${bucket}`;
      return next(args);
    },
    { step: 'build', name: 'sinBarraFinalDelBucket' },
  );
  return {
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
    },
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((o) => o.Key ?? '').sort();
    },
    async has(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (error) {
        if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async close() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

// The files in an S3-compatible bucket (AWS, MinIO, R2…). The bucket stays private: shoppers get
// them from /uploads/… and /api/catalogo/archivo through our server, which reads them here.
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { checkKey, type UploadStore } from './store.ts';

export type S3Options = {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  /** None: the SDK's own chain (an instance role, AWS_* variables). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

const notFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

export function s3Store(options: S3Options): UploadStore {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // Checksums only where S3 requires them: several S3-compatible servers refuse the newer
    // default ones, and a whole Buffer already goes with its Content-Length.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
  const Bucket = options.bucket;

  async function getObject(key: string) {
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  }

  return {
    kind: 's3',
    async put(key, data, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: checkKey(key), Body: data, ContentType: contentType }));
    },
    async get(key) {
      const object = await getObject(key);
      if (!object?.Body) return null;
      return Buffer.from(await object.Body.transformToByteArray());
    },
    async stream(key) {
      const object = await getObject(key);
      if (!object?.Body) return null;
      return { body: object.Body as Readable, bytes: object.ContentLength ?? 0 };
    },
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }));
        return { bytes: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
    async close() {
      client.destroy();
    },
  };
}

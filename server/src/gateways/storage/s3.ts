import type { Readable } from 'node:stream'
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3'
import { assertValidKey } from './keys.ts'
import type { Storage } from './types.ts'

export interface S3StorageConfig {
  /** An S3-compatible endpoint (MinIO, OSS, COS, R2…); unset: AWS S3 of `region`. */
  endpoint?: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  /** `endpoint/bucket/key` addresses instead of `bucket.endpoint/key` (MinIO and most self-hosted stores). */
  forcePathStyle: boolean
  /** Bytes per part of a multipart upload (S3's minimum is 5 MiB); a smaller file is one PUT. */
  partSize?: number
}

const DEFAULT_PART_SIZE = 8 * 1024 * 1024

const isNotFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } }
  return e?.$metadata?.httpStatusCode === 404 || e?.name === 'NotFound' || e?.name === 'NoSuchKey'
}

/** `bytes 0-99/1000` -> 1000. */
const totalOf = (contentRange: string | undefined) => {
  const m = contentRange && /\/(\d+)\s*$/.exec(contentRange)
  return m ? Number(m[1]) : undefined
}

/**
 * Files in an S3-compatible bucket. A stream is uploaded in parts of `partSize` (multipart upload),
 * so a large video is never held whole in memory; a failed upload is aborted.
 */
export function createS3Storage(config: S3StorageConfig): Storage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // S3-compatible stores do not all take the newer default checksums: send them only when an operation requires one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  const Bucket = config.bucket
  const partSize = config.partSize ?? DEFAULT_PART_SIZE

  async function putStream(Key: string, body: Readable, ContentType: string): Promise<{ size: number }> {
    let pending: Buffer[] = []
    let pendingBytes = 0
    let size = 0
    let uploadId: string | undefined
    const parts: Array<{ ETag: string | undefined; PartNumber: number }> = []
    const sendPart = async () => {
      const PartNumber = parts.length + 1
      const Body = Buffer.concat(pending, pendingBytes)
      pending = []
      pendingBytes = 0
      const answer = await client.send(new UploadPartCommand({ Bucket, Key, UploadId: uploadId, PartNumber, Body }))
      parts.push({ ETag: answer.ETag, PartNumber })
    }
    try {
      for await (const chunk of body) {
        const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array)
        pending.push(buffer)
        pendingBytes += buffer.length
        size += buffer.length
        if (pendingBytes >= partSize) {
          if (!uploadId) uploadId = (await client.send(new CreateMultipartUploadCommand({ Bucket, Key, ContentType }))).UploadId
          await sendPart()
        }
      }
      if (!uploadId) {
        await client.send(new PutObjectCommand({ Bucket, Key, Body: Buffer.concat(pending, pendingBytes), ContentType }))
        return { size }
      }
      if (pendingBytes > 0) await sendPart()
      await client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId: uploadId, MultipartUpload: { Parts: parts } }))
      return { size }
    } catch (error) {
      if (uploadId) await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId })).catch(() => undefined)
      throw error
    }
  }

  return {
    kind: 's3',
    async put(key, body, { contentType }) {
      assertValidKey(key)
      if (Buffer.isBuffer(body)) {
        await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }))
        return { size: body.length }
      }
      return putStream(key, body, contentType)
    },
    async stat(key) {
      assertValidKey(key)
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }))
        return {
          size: head.ContentLength ?? 0,
          contentType: head.ContentType ?? 'application/octet-stream',
          modifiedAt: head.LastModified,
        }
      } catch (error) {
        if (isNotFound(error)) return undefined
        throw error
      }
    },
    async read(key, range) {
      assertValidKey(key)
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        )
        const length = answer.ContentLength ?? 0
        const size = totalOf(answer.ContentRange) ?? length
        const start = range ? range.start : 0
        return {
          stream: answer.Body as Readable,
          size,
          contentType: answer.ContentType ?? 'application/octet-stream',
          start,
          end: start + length - 1,
        }
      } catch (error) {
        if (isNotFound(error)) return undefined
        throw error
      }
    },
    async remove(key) {
      assertValidKey(key)
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }))
    },
  }
}

import type { Readable } from 'node:stream'

/**
 * Stored files (course videos and documents, covers) behind one interface: the local disk by
 * default, an S3-compatible object store by configuration, so several processes or machines serve
 * the same files. Keys are relative paths (`media/2026/05/x.mp4`, `public/covers/...`).
 */
export interface Storage {
  readonly kind: 'local' | 's3'
  /** Writes a file (a stream is written as it arrives, never held whole in memory); answers its size. */
  put(key: string, body: Readable | Buffer, options: { contentType: string }): Promise<{ size: number }>
  /** Size and type of a stored file, or undefined when there is none. */
  stat(key: string): Promise<StoredFile | undefined>
  /** The file's bytes (`range`: inclusive byte positions, already checked against its size), or undefined when there is none. */
  read(key: string, range?: ByteRange): Promise<StoredRead | undefined>
  /** Removes a file (none: nothing happens). */
  remove(key: string): Promise<void>
}

export interface StoredFile {
  size: number
  contentType: string
  /** When it was written (Last-Modified), when the store says. */
  modifiedAt?: Date
}

export interface ByteRange {
  start: number
  /** Inclusive. */
  end: number
}

export interface StoredRead {
  stream: Readable
  size: number
  contentType: string
  start: number
  /** Inclusive. */
  end: number
}

import { createLocalStorage } from './local.ts'
import { createS3Storage, type S3StorageConfig } from './s3.ts'
import type { Storage } from './types.ts'

export { canOpen, fileUrl, FILES_PREFIX, PUBLIC_KEY_PREFIX, SIGNED_URL_TTL_SECONDS } from './signed-url.ts'
export { assertValidKey, contentTypeOf, InvalidKeyError, isValidKey, newFileKey, parseRange } from './keys.ts'
export { createLocalStorage } from './local.ts'
export { createS3Storage, type S3StorageConfig } from './s3.ts'
export type { ByteRange, Storage, StoredFile, StoredRead } from './types.ts'

export type StorageConfig = { driver: 'local'; dir: string } | ({ driver: 's3' } & S3StorageConfig)

export function createStorage(config: StorageConfig): Storage {
  return config.driver === 's3' ? createS3Storage(config) : createLocalStorage({ dir: config.dir })
}

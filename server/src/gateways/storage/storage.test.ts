import assert from 'node:assert/strict'
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { after, before, describe, test } from 'node:test'
import { buildTestApp, createClient, type TestApp } from '../../../test/helper.ts'
import { loadConfig } from '../../config.ts'
import { createLocalStorage, createS3Storage, fileUrl, parseRange, type Storage } from './index.ts'

/** The far side of an S3-compatible store, in memory: objects, multipart uploads, ranged GETs; every request must be SigV4-signed. */
export async function startS3StandIn({ bucket = 'course-media', accessKeyId = 'AKTEST' } = {}) {
  const objects = new Map<string, { body: Buffer; contentType: string; modified: Date }>()
  const uploads = new Map<string, { key: string; contentType: string; parts: Map<number, Buffer> }>()
  const seen: string[] = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://s3')
      const body = Buffer.concat(chunks)
      const [, b, ...rest] = url.pathname.split('/')
      const key = rest.map(decodeURIComponent).join('/')
      seen.push(`${req.method} ${url.pathname}${url.search}`)
      const xml = (status: number, text: string) =>
        res.writeHead(status, { 'content-type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?>${text}`)
      if (!String(req.headers.authorization).startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`))
        return xml(403, '<Error><Code>AccessDenied</Code><Message>unsigned</Message></Error>')
      if (b !== bucket) return xml(404, '<Error><Code>NoSuchBucket</Code><Message>no bucket</Message></Error>')
      const q = url.searchParams
      if (req.method === 'POST' && q.has('uploads')) {
        const id = crypto.randomUUID()
        uploads.set(id, { key, contentType: String(req.headers['content-type'] ?? ''), parts: new Map() })
        return xml(
          200,
          `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
        )
      }
      if (req.method === 'PUT' && q.has('uploadId')) {
        uploads.get(q.get('uploadId')!)!.parts.set(Number(q.get('partNumber')), body)
        return res.writeHead(200, { etag: `"part-${q.get('partNumber')}"` }).end()
      }
      if (req.method === 'POST' && q.has('uploadId')) {
        const upload = uploads.get(q.get('uploadId')!)!
        const numbers = [...body.toString().matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((m) => Number(m[1]))
        objects.set(key, {
          body: Buffer.concat(numbers.map((n) => upload.parts.get(n)!)),
          contentType: upload.contentType,
          modified: new Date(),
        })
        uploads.delete(q.get('uploadId')!)
        return xml(
          200,
          `<CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><ETag>"x"</ETag></CompleteMultipartUploadResult>`,
        )
      }
      if (req.method === 'DELETE' && q.has('uploadId')) {
        uploads.delete(q.get('uploadId')!)
        return res.writeHead(204).end()
      }
      if (req.method === 'PUT') {
        objects.set(key, { body, contentType: String(req.headers['content-type'] ?? ''), modified: new Date() })
        return res.writeHead(200, { etag: '"whole"' }).end()
      }
      if (req.method === 'DELETE') {
        objects.delete(key)
        return res.writeHead(204).end()
      }
      const object = objects.get(key)
      if (!object)
        return req.method === 'HEAD' ? res.writeHead(404).end() : xml(404, '<Error><Code>NoSuchKey</Code><Message>none</Message></Error>')
      const headers = { 'content-type': object.contentType, 'last-modified': object.modified.toUTCString(), etag: '"e"' }
      if (req.method === 'HEAD') return res.writeHead(200, { ...headers, 'content-length': object.body.length }).end()
      const range = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range ?? ''))
      if (!range) return res.writeHead(200, { ...headers, 'content-length': object.body.length }).end(object.body)
      const [start, end] = [Number(range[1]), Math.min(Number(range[2]), object.body.length - 1)]
      const part = object.body.subarray(start, end + 1)
      res
        .writeHead(206, { ...headers, 'content-length': part.length, 'content-range': `bytes ${start}-${end}/${object.body.length}` })
        .end(part)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    endpoint,
    objects,
    uploads,
    seen,
    storage: (partSize?: number) =>
      createS3Storage({
        endpoint,
        bucket,
        region: 'us-east-1',
        accessKeyId,
        secretAccessKey: 'secret-test-key',
        forcePathStyle: true,
        partSize,
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const bytes = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 7 + 3) % 256))
/** A stream giving `data` in small pieces, as an upload arrives. */
const trickle = (data: Buffer) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < data.length; i += 1000) yield data.subarray(i, i + 1000)
    })(),
  )

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const c of stream) chunks.push(Buffer.from(c as Uint8Array))
  return Buffer.concat(chunks)
}

/** The same behaviour from both drivers. */
async function exercise(storage: Storage) {
  const data = bytes(70_000)
  assert.deepEqual(await storage.put('media/2026/05/a.mp4', trickle(data), { contentType: 'video/mp4' }), { size: 70_000 })
  const stat = await storage.stat('media/2026/05/a.mp4')
  assert.equal(stat?.size, 70_000)
  assert.equal(stat?.contentType, 'video/mp4')
  const whole = await storage.read('media/2026/05/a.mp4')
  assert.deepEqual(await readAll(whole!.stream), data)
  const part = await storage.read('media/2026/05/a.mp4', { start: 1000, end: 1999 })
  assert.deepEqual([part!.start, part!.end, part!.size], [1000, 1999, 70_000])
  assert.deepEqual(await readAll(part!.stream), data.subarray(1000, 2000))
  await storage.put('public/covers/c.png', Buffer.from('png-bytes'), { contentType: 'image/png' })
  assert.equal((await storage.stat('public/covers/c.png'))?.contentType, 'image/png')
  await storage.remove('media/2026/05/a.mp4')
  assert.equal(await storage.stat('media/2026/05/a.mp4'), undefined)
  assert.equal(await storage.read('media/2026/05/a.mp4'), undefined)
  await storage.remove('media/never.mp4')
  for (const bad of ['../x', '/etc/passwd', 'media/../../x', 'a//b', 'media/.meta/x', '', 'a\\b', 'media/%2e%2e/x'])
    await assert.rejects(storage.put(bad, Buffer.from('x'), { contentType: 'text/plain' }), /invalid storage key/, bad)
}

describe('file storage', () => {
  test('the local driver writes streams whole or not at all, reads ranges, and refuses keys that leave its folder', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-local-'))
    const storage = createLocalStorage({ dir })
    await exercise(storage)
    // A stream that fails half-way leaves no file and no temporary behind.
    const failing = Readable.from(
      (async function* () {
        yield bytes(5000)
        throw new Error('connection lost')
      })(),
    )
    await assert.rejects(storage.put('media/b.mp4', failing, { contentType: 'video/mp4' }), /connection lost/)
    assert.equal(await storage.stat('media/b.mp4'), undefined)
    assert.deepEqual(fs.readdirSync(path.join(dir, 'media')), ['2026'])
    fs.rmSync(dir, { recursive: true, force: true })
  })

  test('the S3 driver signs its requests, uploads large streams in parts and reads ranges from the store', async () => {
    const s3 = await startS3StandIn()
    try {
      await exercise(s3.storage(16 * 1024))
      assert.ok(
        s3.seen.some((r) => r.startsWith('POST /course-media/media/2026/05/a.mp4?uploads')),
        'a multipart upload',
      )
      assert.equal(s3.seen.filter((r) => /partNumber=/.test(r)).length, 5, '70 000 bytes in parts of 16 KiB')
      assert.ok(
        s3.seen.some((r) => r.startsWith('PUT /course-media/public/covers/c.png')),
        s3.seen.join('\n'),
      )
      // A failed stream aborts its multipart upload.
      const failing = Readable.from(
        (async function* () {
          yield bytes(40_000)
          throw new Error('connection lost')
        })(),
      )
      await assert.rejects(s3.storage(16 * 1024).put('media/c.mp4', failing, { contentType: 'video/mp4' }), /connection lost/)
      assert.equal(s3.uploads.size, 0)
      assert.equal(s3.objects.has('media/c.mp4'), false)
    } finally {
      await s3.close()
    }
  })

  test('STORAGE_DRIVER=s3 needs its bucket and keys; the local store defaults to UPLOADS_DIR/storage', () => {
    assert.throws(
      () => loadConfig({ STORAGE_DRIVER: 's3' }),
      /S3_BUCKET is required[\s\S]*S3_ACCESS_KEY_ID is required[\s\S]*S3_SECRET_ACCESS_KEY/,
    )
    assert.throws(() => loadConfig({ STORAGE_DRIVER: 's3', S3_ENDPOINT: 'ftp://x' }), /S3_ENDPOINT/)
    const s3 = loadConfig({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'b',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
    })
    assert.deepEqual(s3.storage, {
      driver: 's3',
      endpoint: 'http://minio:9000',
      bucket: 'b',
      region: 'us-east-1',
      accessKeyId: 'k',
      secretAccessKey: 's',
      forcePathStyle: true,
    })
    assert.deepEqual(loadConfig({ UPLOADS_DIR: '/srv/up' }).storage, { driver: 'local', dir: '/srv/up/storage' })
    assert.deepEqual(loadConfig({}).uploadLimits, { video: 500 * 1024 * 1024, document: 50 * 1024 * 1024, image: 5 * 1024 * 1024 })
  })

  test('a Range header is one range within the file, or unsatisfiable', () => {
    assert.deepEqual(parseRange('bytes=0-99', 1000), { start: 0, end: 99 })
    assert.deepEqual(parseRange('bytes=900-', 1000), { start: 900, end: 999 })
    assert.deepEqual(parseRange('bytes=-100', 1000), { start: 900, end: 999 })
    assert.deepEqual(parseRange('bytes=990-5000', 1000), { start: 990, end: 999 })
    assert.equal(parseRange('bytes=1000-', 1000), 'unsatisfiable')
    assert.equal(parseRange('bytes=5-4', 1000), 'unsatisfiable')
    assert.equal(parseRange('bytes=-0', 1000), 'unsatisfiable')
    assert.equal(parseRange('bytes=x-y', 1000), 'unsatisfiable')
    assert.equal(parseRange('bytes=0-1,5-6', 1000), undefined)
    assert.equal(parseRange(undefined, 1000), undefined)
    assert.equal(parseRange('items=0-1', 1000), undefined)
  })
})

describe('GET /files/<key>', () => {
  let t: TestApp
  let s3: Awaited<ReturnType<typeof startS3StandIn>>
  let s3App: TestApp
  const data = bytes(10_000)
  before(async () => {
    t = await buildTestApp()
    await t.app.storage.put('media/t/lesson.mp4', data, { contentType: 'video/mp4' })
    await t.app.storage.put('public/covers/t/cover.png', Buffer.from('cover'), { contentType: 'image/png' })
    s3 = await startS3StandIn()
    s3App = await buildTestApp({ services: { storage: s3.storage() } })
    await s3App.app.storage.put('media/t/lesson.mp4', data, { contentType: 'video/mp4' })
  })
  after(async () => {
    await t.close()
    await s3App.close()
    await s3.close()
  })

  test('a signed address serves the file, ranges as 206 with the exact bytes, a bad range 416; no or a wrong signature 403', async () => {
    for (const app of [t.app, s3App.app]) {
      const client = createClient(app)
      const url = fileUrl({ secret: app.config.secret, key: 'media/t/lesson.mp4' })
      const whole = await client.get(url)
      assert.equal(whole.statusCode, 200, whole.body)
      assert.equal(whole.headers['content-type'], 'video/mp4')
      assert.equal(whole.headers['accept-ranges'], 'bytes')
      assert.match(String(whole.headers['cache-control']), /^private, max-age=\d+$/)
      assert.deepEqual(whole.rawPayload, data)
      const part = await client.inject({ method: 'GET', url, headers: { range: 'bytes=100-1123' } })
      assert.equal(part.statusCode, 206)
      assert.equal(part.headers['content-range'], 'bytes 100-1123/10000')
      assert.equal(part.headers['content-length'], '1024')
      assert.deepEqual(part.rawPayload, data.subarray(100, 1124))
      const tail = await client.inject({ method: 'GET', url, headers: { range: 'bytes=-10' } })
      assert.deepEqual(tail.rawPayload, data.subarray(9990))
      const bad = await client.inject({ method: 'GET', url, headers: { range: 'bytes=10000-' } })
      assert.equal(bad.statusCode, 416)
      assert.equal(bad.headers['content-range'], 'bytes */10000')
      assert.equal(bad.json().message, '请求的文件范围无效')
      const head = await client.inject({ method: 'HEAD', url })
      assert.equal(head.statusCode, 200)
      assert.equal(head.headers['content-length'], '10000')
      assert.equal(head.body, '')
      const cached = await client.inject({ method: 'GET', url, headers: { 'if-none-match': String(whole.headers.etag) } })
      assert.equal(cached.statusCode, 304)
      assert.equal((await client.get('/files/media/t/lesson.mp4')).statusCode, 403)
      assert.equal((await client.get(url.replace(/s=[^&]+/, 's=forged'))).statusCode, 403)
      const expired = fileUrl({ secret: app.config.secret, key: 'media/t/lesson.mp4', now: Date.now() - 7 * 3600_000 })
      assert.equal((await client.get(expired)).json().message, '文件链接无效或已过期，请返回重新打开')
      const other = fileUrl({ secret: app.config.secret, key: 'media/t/none.mp4' })
      assert.equal((await client.get(other)).statusCode, 404)
    }
  })

  test('public keys need no signature and are cached; the local store is never reachable under /uploads', async () => {
    const client = createClient(t.app)
    const cover = await client.get('/files/public/covers/t/cover.png')
    assert.equal(cover.statusCode, 200)
    assert.equal(cover.body, 'cover')
    assert.equal(cover.headers['cache-control'], 'public, max-age=604800')
    for (const url of ['/files/../package.json', '/files/media/%2e%2e/%2e%2e/x', '/files/public/..%2F..%2Fx'])
      assert.ok([403, 404].includes((await client.get(url)).statusCode), url)
    for (const url of [
      '/uploads/storage/media/t/lesson.mp4',
      '/uploads/./storage/media/t/lesson.mp4',
      '/uploads/%73torage/media/t/lesson.mp4',
    ])
      assert.equal((await client.get(url)).statusCode, 404, url)
  })
})

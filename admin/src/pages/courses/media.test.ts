import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { fileRefusal, formatBytes, formatDuration, formatStudyTime, readVideoDuration, type VideoProbe } from './media.ts'

/** A <video> that answers as a browser would, driven by the test. */
class FakeVideo extends EventTarget implements VideoProbe {
  preload = ''
  muted = false
  duration = NaN
  seekedTo: number | undefined
  loaded = 0
  removed: string[] = []
  private source = ''
  constructor(private readonly onSource: (video: FakeVideo) => void) {
    super()
  }
  get src() {
    return this.source
  }
  set src(url: string) {
    this.source = url
    queueMicrotask(() => this.onSource(this))
  }
  get currentTime() {
    return this.seekedTo ?? 0
  }
  set currentTime(t: number) {
    this.seekedTo = t
  }
  override addEventListener(type: string, listener: () => void) {
    super.addEventListener(type, listener)
  }
  removeAttribute(name: string) {
    this.removed.push(name)
  }
  load() {
    this.loaded += 1
  }
  fire(type: string) {
    this.dispatchEvent(new Event(type))
  }
}

function reading(onSource: (video: FakeVideo) => void, timeoutMs = 1_000) {
  const revoked: string[] = []
  let video: FakeVideo | undefined
  const result = readVideoDuration(new Blob(['x']), {
    createVideo: () => (video = new FakeVideo(onSource)),
    createUrl: () => 'blob:video-1',
    revokeUrl: (u) => revoked.push(u),
    timeoutMs,
  })
  return { result, revoked, video: () => video }
}

describe('a video’s length, read in the browser before it is sent', () => {
  test('is the metadata’s duration in seconds, two decimals, and the element lets go of the file', async () => {
    const r = reading((v) => {
      v.duration = 12.3456
      v.fire('loadedmetadata')
    })
    assert.equal(await r.result, 12.35)
    assert.deepEqual(r.revoked, ['blob:video-1'])
    assert.deepEqual(r.video()?.removed, ['src'])
    assert.equal(r.video()?.preload, 'metadata')
  })

  test('a recording that says Infinity is asked to seek to its end, and the real length that follows is used', async () => {
    const r = reading((v) => {
      v.duration = Infinity
      v.fire('loadedmetadata')
      assert.ok((v.seekedTo ?? 0) > 1e9, 'seeks far past the end')
      v.fire('durationchange')
      v.duration = 6.02
      v.fire('durationchange')
    })
    assert.equal(await r.result, 6.02)
  })

  test('is null when the browser cannot play the file, so the operator types it', async () => {
    const r = reading((v) => v.fire('error'))
    assert.equal(await r.result, null)
    assert.deepEqual(r.revoked, ['blob:video-1'])
    const zero = reading((v) => {
      v.duration = 0
      v.fire('loadedmetadata')
    })
    assert.equal(await zero.result, null)
  })

  test('is null when no answer comes in time (a file the browser never finishes reading)', async () => {
    const r = reading(() => undefined, 20)
    assert.equal(await r.result, null)
    assert.deepEqual(r.revoked, ['blob:video-1'])
  })
})

describe('files a course takes', () => {
  test('videos are MP4 or WebM, documents PDF, covers PNG/JPG/WebP; a file without a type is judged by its name', () => {
    assert.equal(fileRefusal({ name: 'a.mp4', type: 'video/mp4', size: 10 }, 'video'), null)
    assert.equal(fileRefusal({ name: 'a.mov', type: 'video/quicktime', size: 10 }, 'video'), '只能上传MP4 或 WebM 视频')
    assert.equal(fileRefusal({ name: '讲义.PDF', type: '', size: 10 }, 'document'), null)
    assert.equal(fileRefusal({ name: 'a.docx', type: '', size: 10 }, 'document'), '只能上传PDF 文档')
    assert.equal(fileRefusal({ name: 'a.png', type: 'image/png', size: 0 }, 'image'), '文件是空的')
  })

  test('durations, study time and sizes read as people say them', () => {
    assert.equal(formatDuration(75.4), '1:15')
    assert.equal(formatDuration(3725), '1:02:05')
    assert.equal(formatDuration(0), '-')
    assert.equal(formatStudyTime(40), '40秒')
    assert.equal(formatStudyTime(12 * 60 + 5), '12分')
    assert.equal(formatStudyTime(2 * 3600 + 5 * 60), '2小时5分')
    assert.equal(formatStudyTime(0), '0')
    assert.equal(formatBytes(1536), '1.5 KB')
    assert.equal(formatBytes(5 * 1024 * 1024), '5.0 MB')
  })
})

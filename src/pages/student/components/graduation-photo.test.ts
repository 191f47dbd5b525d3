import { isJpg, refusalReason, specRows } from './graduation-photo'
import { PHOTO_STATES, collectionOf } from '../../../testing/graduation-photo'

describe("毕业照片's page rules", () => {
  it('tells a JPG by its MIME type, else by what getImageInfo says, else by its name; nothing telling leaves it to the server', () => {
    expect(isJpg({ mime: 'image/jpeg', path: 'blob:x' })).toBe(true)
    expect(isJpg({ mime: 'image/png', infoType: 'jpeg', path: 'a.jpg' })).toBe(false)
    expect(isJpg({ infoType: 'jpeg', path: 'wxfile://tmp_1.png' })).toBe(true)
    expect(isJpg({ infoType: 'png', path: 'wxfile://tmp_1.jpg' })).toBe(false)
    expect(isJpg({ path: 'http://tmp/abc.JPEG' })).toBe(true)
    expect(isJpg({ path: 'http://tmp/abc.heic' })).toBe(false)
    expect(isJpg({ mime: '', path: 'blob:http://localhost/5f1c' })).toBeNull()
  })

  it("finds a refused photo's reason in the refusing approver's comment, and none for a photo not refused", () => {
    expect(refusalReason(PHOTO_STATES.refused())).toBe('背景不是浅蓝色，请重新拍摄')
    expect(refusalReason(PHOTO_STATES.approved())).toBeNull()
    expect(refusalReason(PHOTO_STATES.pending())).toBeNull()
    expect(refusalReason(PHOTO_STATES.none())).toBeNull()
  })

  it('marks the deadline 已截止 once the collection has closed', () => {
    expect(specRows(collectionOf({ open: false })).find((r) => r.name === 'deadline')?.value).toBe('2026-06-30（已截止）')
  })
})

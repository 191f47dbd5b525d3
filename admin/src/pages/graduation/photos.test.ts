import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { PhotoCollection } from '../../api/graduation.ts'
import { collectionBody, collectionRefusal, collectionValues, downloadQuery, photoSize, photoStatusOf, specLabel } from './photos.ts'

const collection: PhotoCollection = {
  id: 7,
  title: '2024年3期毕业照片',
  batchYear: 2024,
  batch: 3,
  deadlineDate: '2024-12-31',
  open: true,
  width: 480,
  height: 640,
  minKb: 10,
  maxKb: 100,
  background: '浅蓝色',
  naming: '学号',
  createdBy: '管理员',
  createdAt: '2024-10-01T00:00:00.000Z',
}

describe('a graduation photo collection', () => {
  test('reads its specification in one line: 480×640 JPG 10–100KB 浅蓝色', () => {
    assert.equal(specLabel(collection), '480×640 JPG 10–100KB 浅蓝色')
  })

  test('a new one starts from 480×640, 10–100KB, 浅蓝色, named by 身份证号, in this year', () => {
    const values = collectionValues(undefined, new Date('2025-06-01T00:00:00+08:00'))
    assert.deepEqual(
      { ...values },
      {
        title: '',
        batchYear: 2025,
        batch: undefined,
        deadlineDate: undefined,
        width: 480,
        height: 640,
        minKb: 10,
        maxKb: 100,
        background: '浅蓝色',
        naming: '身份证号',
      },
    )
  })

  test('the dialog sends the deadline picked as YYYY-MM-DD and the text trimmed; an edit starts from the collection', () => {
    const values = { ...collectionValues(collection), title: ' 2024年3期 ', deadlineDate: '2025-01-15 00:00:00', background: ' 白色 ' }
    assert.deepEqual(collectionBody(values), {
      title: '2024年3期',
      batchYear: 2024,
      batch: 3,
      deadlineDate: '2025-01-15',
      width: 480,
      height: 640,
      minKb: 10,
      maxKb: 100,
      background: '白色',
      naming: '学号',
    })
  })

  test('a lower size limit above the upper one is refused before sending', () => {
    assert.equal(collectionRefusal(collectionValues(collection)), null)
    assert.equal(collectionRefusal({ ...collectionValues(collection), minKb: 200 }), '文件大小下限不能大于上限')
  })

  test('a student without a photo is 未上传; otherwise their latest photo’s approval status', () => {
    assert.equal(photoStatusOf({ photo: null }), '未上传')
    assert.equal(photoStatusOf({ photo: { id: 1, url: '', bytes: 0, width: 0, height: 0, status: '审批中', uploadedAt: '' } }), '审批中')
    assert.equal(photoSize(37_376), '37KB')
    assert.equal(photoSize(8_704), '8.5KB')
  })

  test('photos named by 身份证号 are downloaded as a 明文导出; by 学号, plainly', () => {
    assert.deepEqual(downloadQuery(collection), { collectionId: 7 })
    assert.deepEqual(downloadQuery({ ...collection, naming: '身份证号' }), { collectionId: 7, unmasked: '是' })
  })
})

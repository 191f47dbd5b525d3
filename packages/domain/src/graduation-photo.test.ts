import assert from 'node:assert/strict'
import { photoKbText, photoProblem } from './graduation-photo'

const SPEC = { width: 480, height: 640, minKb: 10, maxKb: 100 }
const kb = (n: number) => n * 1024

describe('the graduation photo specification', () => {
  test('a JPG of the size and the exact dimensions passes', () => {
    assert.equal(photoProblem({ jpg: true, bytes: kb(50), width: 480, height: 640 }, SPEC), null)
    assert.equal(photoProblem({ jpg: true, bytes: kb(10), width: 480, height: 640 }, SPEC), null)
    assert.equal(photoProblem({ jpg: true, bytes: kb(100), width: 480, height: 640 }, SPEC), null)
  })

  test('each refusal says what was found and what is asked, format first, then size, then dimensions', () => {
    assert.equal(photoProblem({ jpg: false, bytes: kb(500), width: 1, height: 1 }, SPEC), '照片必须是 JPG 格式')
    assert.equal(photoProblem({ jpg: true, bytes: kb(180), width: 600, height: 800 }, SPEC), '照片大小为180KB，要求在10KB到100KB之间')
    assert.equal(photoProblem({ jpg: true, bytes: 4660, width: 480, height: 640 }, SPEC), '照片大小为4.6KB，要求在10KB到100KB之间')
    assert.equal(
      photoProblem({ jpg: true, bytes: kb(50), width: 600, height: 800 }, SPEC),
      '照片尺寸为600×800像素，要求宽480像素、高640像素',
    )
    assert.equal(
      photoProblem({ jpg: true, bytes: kb(50), width: 640, height: 480 }, SPEC),
      '照片尺寸为640×480像素，要求宽480像素、高640像素',
    )
  })

  test('a format that could not be told is left to the server', () => {
    assert.equal(photoProblem({ jpg: null, bytes: kb(50), width: 480, height: 640 }, SPEC), null)
  })

  test('sizes show one decimal under 10KB and whole KB above', () => {
    assert.deepEqual(
      [photoKbText(2048), photoKbText(9.96 * 1024), photoKbText(kb(10)), photoKbText(100.4 * 1024)],
      ['2.0', '10.0', '10', '100'],
    )
  })
})

import { qrRuns } from './runs'

describe('a QR matrix drawn as runs', () => {
  it('joins the dark modules of a row, a run reaching the edge included', () => {
    const o = false
    const X = true
    expect(
      qrRuns([
        [X, X, o, X],
        [o, o, o, o],
        [o, X, X, X],
      ]),
    ).toEqual([
      { row: 0, col: 0, length: 2 },
      { row: 0, col: 3, length: 1 },
      { row: 2, col: 1, length: 3 },
    ])
  })
})

import type { QrMatrix } from '@activity/domain'

/** A row's stretch of dark modules: where it starts and how many. */
export interface QrRun {
  row: number
  col: number
  length: number
}

/** The dark modules of a matrix as horizontal runs, row by row: a few hundred boxes, not a thousand squares. */
export function qrRuns(matrix: QrMatrix): QrRun[] {
  const runs: QrRun[] = []
  matrix.forEach((cells, row) => {
    let start = -1
    cells.forEach((dark, col) => {
      if (dark && start < 0) start = col
      if (!dark && start >= 0) {
        runs.push({ row, col: start, length: col - start })
        start = -1
      }
    })
    if (start >= 0) runs.push({ row, col: start, length: cells.length - start })
  })
  return runs
}

/** What the load benches share: a seeded random stream, percentiles, a raw statement's rows, the machine's load. */
import os from 'node:os'

/** A deterministic uniform random number generator (the exams' mulberry32), so runs are comparable. */
export { seededRandom as random } from '../server/src/modules/learning/exams/exams.scoring'

/** The p-th percentile of ascending `sorted` (nearest rank); 0 when empty. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0

/** The rows of a raw statement's answer (both drivers answer with `rows`). */
export const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows

/** The machine's load when a bench starts (other work on it skews the figures): printed, and kept with the results. */
export function machineLoad(bench: string): { loadAverage: number; cores: number } {
  const [one, five, fifteen] = os.loadavg().map((l) => Math.round(l * 10) / 10)
  const cores = os.cpus().length
  console.log(`[${bench}] load average ${one} / ${five} / ${fifteen} (1 / 5 / 15 min) on ${cores} cores at the start`)
  return { loadAverage: one!, cores }
}

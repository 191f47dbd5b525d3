// The parts of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number
    p50: number
    p99: number
    max: number
    /** requests only: how many were answered */
    total: number
  }
  interface Result {
    requests: Histogram
    latency: Histogram
    errors: number
    timeouts: number
    non2xx: number
    '2xx': number
  }
  interface Options {
    url: string
    connections?: number
    duration?: number
    /** Stop after this many requests (instead of `duration`). */
    amount?: number
    /** Requests per second across all connections (paced load instead of as fast as possible). */
    overallRate?: number
    method?: string
    headers?: Record<string, string>
    body?: string
    requests?: Array<{
      method?: string
      path?: string
      headers?: Record<string, string>
      body?: string
      setupRequest?: (req: Record<string, unknown>) => Record<string, unknown>
    }>
  }
  function autocannon(options: Options): Promise<Result>
  export default autocannon
}

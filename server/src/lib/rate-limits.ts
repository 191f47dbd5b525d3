/** Route `config` for @fastify/rate-limit: at most `max` calls per `seconds` from one IP. */
export function perIp(max: number, seconds: number) {
  return { rateLimit: { max, timeWindow: seconds * 1000 } }
}

import net from 'node:net'
import fp from 'fastify-plugin'

declare module 'fastify' {
  interface FastifyInstance {
    /** True once a stop began: the readiness check answers 503 and every answer closes its connection. */
    isDraining(): boolean
    /** The first half of a graceful stop (see drainPlugin); `app.close()` does the rest. */
    drain(options: { delayMs: number; maxWaitMs: number }): Promise<void>
  }
}

/**
 * Graceful stop without resets. `app.close()` alone closes the listening socket and every idle
 * keep-alive connection at once: a connection the kernel accepted but the process had not yet
 * taken (the event loop was busy) is reset, and so is a request a client had just sent on an idle
 * connection. Draining first:
 * 1. marks the process as draining: the readiness check answers 503 so a proxy stops sending, and
 *    every answer carries `Connection: close`, so each open connection ends after its next answer;
 * 2. keeps accepting for `delayMs`, then until the kernel's queue of connections is empty, so
 *    every connection made before the stop is taken and answered;
 * 3. stops listening (new connections are refused at connect, a proxy tries another process) and
 *    waits until the open connections have ended (an idle one ends at the keep-alive timeout, as
 *    in normal running, where clients expect it).
 * Steps 2 and 3 end after `maxWaitMs` at most.
 */
export const drainPlugin = fp(
  async (app) => {
    const sockets = new Set<net.Socket>()
    let draining = false
    let accepted = 0
    app.server.on('connection', (socket: net.Socket) => {
      accepted++
      sockets.add(socket)
      socket.once('close', () => sockets.delete(socket))
    })
    app.addHook('onRequest', async (_request, reply) => {
      if (draining) reply.header('connection', 'close')
    })
    app.decorate('isDraining', () => draining)
    app.decorate('drain', async ({ delayMs, maxWaitMs }: { delayMs: number; maxWaitMs: number }) => {
      draining = true
      if (!app.server.listening) return
      await new Promise((r) => setTimeout(r, delayMs))
      // Take every connection the kernel has queued before closing the listener, which would reset
      // them: a busy event loop (PGlite running queries, a loaded machine) takes about one per
      // turn and can leave them queued for seconds. Close after a turn that took none.
      const deadline = Date.now() + maxWaitMs
      for (let seen = -1; seen !== accepted && Date.now() < deadline;) {
        seen = accepted
        await new Promise((r) => setImmediate(r))
      }
      // net's close stops listening and leaves the open connections; http's would kill the idle ones.
      net.Server.prototype.close.call(app.server)
      while (sockets.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25))
    })
  },
  { name: 'drain' },
)

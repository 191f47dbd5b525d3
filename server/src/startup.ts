import type { FastifyInstance } from 'fastify'
import type { Config } from './config.ts'

/** Start-up tasks of a real start (not of tests): the first administrator and demo data. */
export async function runStartupTasks(_args: { app: FastifyInstance; config: Config }): Promise<void> {}

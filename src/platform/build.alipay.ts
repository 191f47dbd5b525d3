import type { Build } from './build'

/** The Alipay mini-program build (see build.ts). */
export const BUILD: Build = 'alipay'

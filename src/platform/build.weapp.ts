import type { Build } from './build'

/** The WeChat mini-program build (see build.ts). */
export const BUILD: Build = 'weapp'

/**
 * Which build this code was compiled into. Taro's resolver picks `build.weapp.ts` or
 * `build.alipay.ts` for the mini-program builds; this default file is the H5 build (and what
 * jest loads, since jest knows nothing of Taro's file suffixes).
 */
export type Build = 'weapp' | 'alipay' | 'h5'

export const BUILD: Build = 'h5'

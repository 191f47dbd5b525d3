import Taro from '@tarojs/taro'
import { maps as defaultMaps, type MapsClient } from '../maps'
import { LOCATION_COORDS } from './coords'

/**
 * The person's province (SPEC.md sections 4 and 9): the host's location, reverse-geocoded by the
 * maps service. The whole lookup has 1000 ms; if it fails or takes longer, the configured default
 * province (浙江) is used, so a page never waits on it.
 */
export const LOCATION_TIMEOUT_MS = 1000

export interface ProvinceLookup {
  /** Short name, as people say it: 浙江, 上海, 广西. */
  province: string
  /** The service's full name (浙江省), or '' for the fallback. */
  provinceFull: string
  city: string
  latitude: number | null
  longitude: number | null
  /** True when this is the configured default, not the person's location. */
  fallback: boolean
}

/** 浙江省 -> 浙江, 上海市 -> 上海, 广西壮族自治区 -> 广西, 香港特别行政区 -> 香港. */
export function shortProvince(name: string): string {
  return name.replace(/(省|市|特别行政区|壮族自治区|回族自治区|维吾尔自治区|自治区)$/, '')
}

export function fallbackProvince(province: string = DEFAULT_PROVINCE): ProvinceLookup {
  return { province, provinceFull: '', city: '', latitude: null, longitude: null, fallback: true }
}

async function lookup(maps: MapsClient): Promise<ProvinceLookup> {
  const { latitude, longitude } = await Taro.getLocation({ type: LOCATION_COORDS })
  const res = await maps.regeo({ location: { longitude, latitude } })
  if (!res.ok) throw new Error(`${res.code}:${res.message}`)
  const component = res.data.regeocode.addressComponent
  const full = component.province
  if (!full) throw new Error('no province at this point')
  const city = typeof component.city === 'string' && component.city ? component.city : full
  return { province: shortProvince(full), provinceFull: full, city, latitude, longitude, fallback: false }
}

export interface LocateOptions {
  timeoutMs?: number
  maps?: MapsClient
  defaultProvince?: string
}

/** Never rejects: the person's province, or the default one after 1000 ms or any failure. */
export function locateProvince(options: LocateOptions = {}): Promise<ProvinceLookup> {
  const { timeoutMs = LOCATION_TIMEOUT_MS, maps = defaultMaps, defaultProvince = DEFAULT_PROVINCE } = options
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(fallbackProvince(defaultProvince)), timeoutMs)
    lookup(maps).then(
      (found) => {
        clearTimeout(timer)
        resolve(found)
      },
      () => {
        clearTimeout(timer)
        resolve(fallbackProvince(defaultProvince))
      },
    )
  })
}

import Taro from '@tarojs/taro'
import MARKER_ICON from '../assets/marker.png'
import { withQuery, type Payload } from '../request/encode'
import type {
  DrivingResponse,
  InputTipsResponse,
  LngLat,
  MapMarker,
  MapsResult,
  NearbyPlaces,
  PlaceAroundResponse,
  Poi,
  RegeoResponse,
  RidingResponse,
  TransitResponse,
  WalkingResponse,
  WeatherResponse,
} from './types'

/**
 * The maps-service client (SPEC.md section 7; Amap's web service). It is not our back-office, so
 * it calls Taro.request directly rather than through the envelope wrapper; this module is the
 * only one that knows the service. Calls never reject: a failure is `{ ok: false, code, message }`
 * with the service's infocode and info, or code '0' and the network's message.
 */
export const MARKER_WIDTH = 22
export const MARKER_HEIGHT = 32
const TIMEOUT_MS = 60_000

export interface MapsConfig {
  /** @default AMAP_KEY */
  key?: string
  /** @default AMAP_BASE_URL */
  baseUrl?: string
}

export function lngLat(value: LngLat): string {
  return typeof value === 'string' ? value : `${value.longitude},${value.latitude}`
}

function networkMessage(err: unknown): string {
  const e = err as { errMsg?: unknown; message?: unknown } | null
  return typeof e?.errMsg === 'string' ? e.errMsg : typeof e?.message === 'string' ? e.message : 'request:fail'
}

/** Nearby places as map markers: 22 x 32, the first result selected. */
export function markersOf(pois: Poi[], iconPath: string = MARKER_ICON as string): MapMarker[] {
  return pois.flatMap((poi, i) => {
    const [lng, lat] = poi.location.split(',').map(Number)
    if (lng === undefined || lat === undefined || !Number.isFinite(lng) || !Number.isFinite(lat)) return []
    return [{ id: i, latitude: lat, longitude: lng, width: MARKER_WIDTH, height: MARKER_HEIGHT, iconPath, title: poi.name }]
  })
}

export function createMapsClient(config: MapsConfig = {}) {
  const key = config.key ?? AMAP_KEY
  const baseUrl = (config.baseUrl ?? AMAP_BASE_URL).replace(/\/+$/, '')

  async function fetchJson(
    path: string,
    params: Payload,
  ): Promise<{ ok: true; status: number; body: unknown } | { ok: false; message: string }> {
    try {
      const res = await Taro.request({
        url: withQuery(`${baseUrl}${path}`, { key, ...params }),
        method: 'GET',
        dataType: 'json',
        timeout: TIMEOUT_MS,
      })
      return { ok: true, status: res.statusCode, body: res.data }
    } catch (err) {
      return { ok: false, message: networkMessage(err) }
    }
  }

  /** A v3 call: status '1' is success; otherwise the infocode and info. */
  async function v3<T extends { status: string; info: string; infocode: string }>(path: string, params: Payload): Promise<MapsResult<T>> {
    const res = await fetchJson(path, params)
    if (!res.ok) return { ok: false, code: '0', message: res.message }
    const body = res.body as Partial<T> | null
    if (body && body.status === '1') return { ok: true, data: body as T }
    if (body && typeof body.infocode === 'string') return { ok: false, code: body.infocode, message: body.info ?? '' }
    return { ok: false, code: String(res.status), message: `HTTP ${res.status}` }
  }

  return {
    /** Reverse geocoding: the address at a point. */
    regeo(params: { location: LngLat; radius?: number; extensions?: 'base' | 'all' }) {
      return v3<RegeoResponse>('/v3/geocode/regeo', { ...params, location: lngLat(params.location) })
    },

    /** Weather for a city adcode: live ('base') or the forecast ('all'). */
    weather(params: { city: string; extensions?: 'base' | 'all' }) {
      return v3<WeatherResponse>('/v3/weather/weatherInfo', params)
    },

    /** Places around a point, with their map markers (22 x 32) and the first one selected. */
    async nearby(params: {
      location: LngLat
      keywords?: string
      types?: string
      radius?: number
      page?: number
      offset?: number
    }): Promise<MapsResult<NearbyPlaces>> {
      const res = await v3<PlaceAroundResponse>('/v3/place/around', { ...params, location: lngLat(params.location) })
      if (!res.ok) return res
      const pois = res.data.pois ?? []
      return { ok: true, data: { pois, markers: markersOf(pois), selectedIndex: pois.length ? 0 : -1 } }
    },

    /** The static map image's URL (the service draws it; nothing is requested here). */
    staticMapUrl(params: { location: LngLat; zoom?: number; size?: string; scale?: 1 | 2; markers?: string }): string {
      return withQuery(`${baseUrl}/v3/staticmap`, {
        location: lngLat(params.location),
        zoom: params.zoom ?? 15,
        size: params.size ?? '750*300',
        scale: params.scale ?? 2,
        markers: params.markers ?? `mid,,A:${lngLat(params.location)}`,
        key,
      })
    },

    /** Input tips while typing a place. */
    inputTips(params: { keywords: string; city?: string; location?: LngLat; citylimit?: boolean }) {
      return v3<InputTipsResponse>('/v3/assistant/inputtips', {
        ...params,
        location: params.location === undefined ? undefined : lngLat(params.location),
      })
    },

    driving(params: { origin: LngLat; destination: LngLat; strategy?: number }) {
      return v3<DrivingResponse>('/v3/direction/driving', {
        ...params,
        origin: lngLat(params.origin),
        destination: lngLat(params.destination),
      })
    },

    walking(params: { origin: LngLat; destination: LngLat }) {
      return v3<WalkingResponse>('/v3/direction/walking', { origin: lngLat(params.origin), destination: lngLat(params.destination) })
    },

    /** Public transit; `city` is required by the service (cityd for a trip between cities). */
    transit(params: { origin: LngLat; destination: LngLat; city: string; cityd?: string; strategy?: number }) {
      return v3<TransitResponse>('/v3/direction/transit/integrated', {
        ...params,
        origin: lngLat(params.origin),
        destination: lngLat(params.destination),
      })
    },

    /** Riding (v4): errcode 0 is success; otherwise errcode and errmsg. */
    async riding(params: { origin: LngLat; destination: LngLat }): Promise<MapsResult<RidingResponse>> {
      const res = await fetchJson('/v4/direction/bicycling', { origin: lngLat(params.origin), destination: lngLat(params.destination) })
      if (!res.ok) return { ok: false, code: '0', message: res.message }
      const body = res.body as Partial<RidingResponse> | null
      if (body && body.errcode === 0) return { ok: true, data: body as RidingResponse }
      if (body && typeof body.errcode === 'number') return { ok: false, code: String(body.errcode), message: body.errmsg ?? '' }
      return { ok: false, code: String(res.status), message: `HTTP ${res.status}` }
    },
  }
}

export type MapsClient = ReturnType<typeof createMapsClient>

/** The client for the configured service (AMAP_KEY, AMAP_BASE_URL). */
export const maps: MapsClient = createMapsClient()

export * from './types'

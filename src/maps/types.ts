/**
 * The maps service's (Amap web service) request and response shapes, as far as the client uses
 * them. Coordinates are GCJ-02 "lng,lat" text; every v3 answer carries status '1'/'0', info and
 * infocode ('10000' is success).
 */
export interface AmapStatus {
  status: '1' | '0'
  info: string
  infocode: string
}

/** "lng,lat", or the two numbers. */
export type LngLat = string | { longitude: number; latitude: number }

export interface AddressComponent {
  country: string
  province: string
  /** '' or [] for municipalities, as the service sends it. */
  city: string | string[]
  citycode: string
  district: string
  adcode: string
  township: string
}

export interface RegeoResponse extends AmapStatus {
  regeocode: { formatted_address: string; addressComponent: AddressComponent; pois?: Poi[] }
}

export interface WeatherLive {
  province: string
  city: string
  adcode: string
  weather: string
  temperature: string
  winddirection: string
  windpower: string
  humidity: string
  reporttime: string
}

export interface WeatherForecast {
  city: string
  adcode: string
  province: string
  reporttime: string
  casts: Array<{ date: string; week: string; dayweather: string; nightweather: string; daytemp: string; nighttemp: string }>
}

export interface WeatherResponse extends AmapStatus {
  count: string
  lives?: WeatherLive[]
  forecasts?: WeatherForecast[]
}

export interface Poi {
  id: string
  name: string
  type: string
  address: string | string[]
  /** "lng,lat" */
  location: string
  tel?: string | string[]
  distance?: string
  pname?: string
  cityname?: string
  adname?: string
}

export interface PlaceAroundResponse extends AmapStatus {
  count: string
  pois: Poi[]
}

/** A map marker as the Map component takes it. */
export interface MapMarker {
  id: number
  latitude: number
  longitude: number
  width: number
  height: number
  iconPath: string
  title: string
}

export interface NearbyPlaces {
  pois: Poi[]
  markers: MapMarker[]
  /** The result shown as selected: the first, or -1 when there is none. */
  selectedIndex: number
}

export interface InputTip {
  id: string | string[]
  name: string
  district: string
  adcode: string
  location: string | string[]
  address: string | string[]
}

export interface InputTipsResponse extends AmapStatus {
  count: string
  tips: InputTip[]
}

export interface RoutePath {
  distance: string
  duration: string
  steps: Array<{ instruction: string; road?: string | string[]; distance: string; duration?: string; polyline: string }>
  strategy?: string
  tolls?: string
}

export interface DrivingResponse extends AmapStatus {
  count: string
  route: { origin: string; destination: string; taxi_cost?: string; paths: RoutePath[] }
}

export type WalkingResponse = DrivingResponse

export interface TransitResponse extends AmapStatus {
  count: string
  route: {
    origin: string
    destination: string
    distance: string
    taxi_cost: string
    transits: Array<{ cost: string | string[]; duration: string; nightflag: string; walking_distance: string; segments: unknown[] }>
  }
}

/** v4 (riding) answers differently: errcode 0 is success. */
export interface RidingResponse {
  errcode: number
  errmsg: string
  errdetail: string | null
  data: { origin: string; destination: string; paths: Array<{ distance: number; duration: number; steps: unknown[] }> }
}

/** A maps call's outcome: the answer, or the service's code and message (code '0': the network failed). */
export type MapsResult<T> = { ok: true; data: T } | { ok: false; code: string; message: string }

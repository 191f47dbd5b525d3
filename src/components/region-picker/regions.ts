import { areaList } from '@vant/area-data'

/**
 * China's provinces, their cities and the cities' districts (省/市/区), from @vant/area-data (the
 * national codes, kept up to date by the Vant team): a city's code starts with its province's two
 * digits, a district's with its city's four. Its own module, loaded only by the pages that pick a
 * region (the student's address form), never the app's entry: the data is about 35 KB gzipped.
 */
export interface Region {
  name: string
  /** A province's cities, a city's districts; a district has none. */
  children: Region[]
}

/** Names by the code prefix they sit under (`digits` of the parent's code), in code order. */
function grouped(list: Record<string, string>, digits: number): Map<string, Array<[string, string]>> {
  const out = new Map<string, Array<[string, string]>>()
  for (const [code, name] of Object.entries(list)) {
    const key = code.slice(0, digits)
    const group = out.get(key)
    if (group) group.push([code, name])
    else out.set(key, [[code, name]])
  }
  return out
}

function build(): Region[] {
  const cities = grouped(areaList.city_list, 2)
  const districts = grouped(areaList.county_list, 4)
  return Object.entries(areaList.province_list).map(([code, name]) => ({
    name,
    children: (cities.get(code.slice(0, 2)) ?? []).map(([cityCode, cityName]) => ({
      name: cityName,
      children: (districts.get(cityCode.slice(0, 4)) ?? []).map(([, district]) => ({ name: district, children: [] })),
    })),
  }))
}

/** The whole country, province by province (in the national code's order). */
export const REGIONS: Region[] = build()

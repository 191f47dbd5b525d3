// What a place reads as, without the tree: the list pages show an address without loading the data.

/** A place as an address holds it: the province, city and district by name (浙江省, 杭州市, 西湖区). */
export interface RegionValue {
  province: string
  city: string
  /** '' when the address names none. */
  district: string
}

/** A place as answers hold it: any part may be missing (a suggested address), a district null. */
export interface PlaceLike {
  province?: string | null
  city?: string | null
  district?: string | null
}

/** "浙江省 杭州市 西湖区"; a municipality's city repeats its province (北京市 北京市) and is said once. */
export function regionText(value: PlaceLike | null | undefined): string {
  const names = [value?.province, value?.city, value?.district].filter((n): n is string => Boolean(n))
  return names.filter((n, i) => n !== names[i - 1]).join(' ')
}

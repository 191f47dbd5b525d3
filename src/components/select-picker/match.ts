/** A picker entry: a string, a number, or an object whose fields rangeKey and valueKey name. */
export type PickerItem = string | number | Record<string, unknown>

function isRecord(item: PickerItem): item is Record<string, unknown> {
  return typeof item === 'object' && item !== null
}

/** What the picker emits for an item: the item, or its valueKey field. */
export function valueOf(item: PickerItem, valueKey?: string): unknown {
  return valueKey && isRecord(item) ? item[valueKey] : item
}

/** The text shown for an item: its rangeKey field for objects, the item itself otherwise. */
export function labelOf(item: PickerItem | undefined, rangeKey?: string): string | null {
  if (item === undefined) return null
  if (isRecord(item)) {
    const label = rangeKey ? item[rangeKey] : undefined
    return label === undefined || label === null ? null : String(label)
  }
  return String(item)
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true
  // Values from a query string or the server may be '3' where the list holds 3.
  const primitive = (x: unknown) => typeof x === 'string' || typeof x === 'number'
  return primitive(a) && primitive(b) && String(a) === String(b)
}

/** Where the current value sits in the list (-1 when it is not there or not set). */
export function indexOfValue(range: readonly PickerItem[], value: unknown, valueKey?: string): number {
  if (value === undefined || value === null || value === '') return -1
  return range.findIndex((item) => same(valueOf(item, valueKey), value) || (isRecord(item) && item === value))
}

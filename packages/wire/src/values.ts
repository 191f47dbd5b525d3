/** An enumeration's values in its order (the const object's values). */
export function values<T extends Record<string, string>>(e: T): Array<T[keyof T]> {
  return Object.values(e) as Array<T[keyof T]>
}

import { CATEGORY_TREE } from '@activity/wire'

/**
 * The two-level category tree (SPEC.md section 3) as picker data: a value is "parent-child", the
 * child labels carrying their (大专)/(本科) suffixes.
 */
export interface CategoryOption {
  label: string
  value: string
  children: Array<{ label: string; value: string; recommended: boolean }>
}

export const CATEGORY_OPTIONS: CategoryOption[] = CATEGORY_TREE.map((parent) => ({
  label: parent.label,
  value: parent.label,
  children: parent.children.map((child) => ({
    label: child.label,
    value: `${parent.label}-${child.label}`,
    recommended: Boolean(child.recommended),
  })),
}))

/** The two columns of a multi-column picker with parent `parentIndex` chosen. */
export function categoryColumns(parentIndex = 0): [string[], string[]] {
  const parent = CATEGORY_OPTIONS[parentIndex] ?? CATEGORY_OPTIONS[0]
  return [CATEGORY_OPTIONS.map((p) => p.label), parent ? parent.children.map((c) => c.label) : []]
}

/** The "parent-child" value at a picker position, or '' when out of range. */
export function categoryValue(parentIndex: number, childIndex: number): string {
  return CATEGORY_OPTIONS[parentIndex]?.children[childIndex]?.value ?? ''
}

/** The picker position of a value, or null when it is not in the tree. */
export function categoryIndexes(value: string | null | undefined): [number, number] | null {
  for (let p = 0; p < CATEGORY_OPTIONS.length; p += 1) {
    const c = CATEGORY_OPTIONS[p]?.children.findIndex((child) => child.value === value) ?? -1
    if (c >= 0) return [p, c]
  }
  return null
}

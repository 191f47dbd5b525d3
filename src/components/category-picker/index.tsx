import { useState } from 'react'
import { Picker } from '@tarojs/components'
import { CATEGORY_TREE, type CategoryNode } from '@activity/wire'
import PickerField from '../select-picker/field'
import { PICKER_PLACEHOLDER } from '../select-picker'

export interface CategoryPickerProps {
  /** The chosen category as the text "parent-child", e.g. 学历教育(本科)-会计学(本科). */
  value?: string
  /** The two-level tree offered. @default CATEGORY_TREE (SPEC.md section 3) */
  tree?: CategoryNode[]
  /** Shown while nothing is chosen. @default '请选择' */
  placeholder?: string
  /** @default false */
  disabled?: boolean
  /** A category was chosen: "parent-child", then the two labels. */
  onChange?: (value: string, parent: string, child: string) => void
  className?: string
}

/** Splits "parent-child" at the first hyphen (labels hold none) into tree indexes, or null. */
export function categoryIndexes(tree: CategoryNode[], value: string | undefined): [number, number] | null {
  if (!value) return null
  const cut = value.indexOf('-')
  if (cut < 0) return null
  const p = tree.findIndex((node) => node.label === value.slice(0, cut))
  const c = p < 0 ? -1 : (tree[p]?.children.findIndex((child) => child.label === value.slice(cut + 1)) ?? -1)
  return p >= 0 && c >= 0 ? [p, c] : null
}

/** The two-level category picker: the second column follows the first. */
export default function CategoryPicker({
  value,
  tree = CATEGORY_TREE,
  placeholder = PICKER_PLACEHOLDER,
  disabled = false,
  onChange,
  className,
}: CategoryPickerProps) {
  const chosen = categoryIndexes(tree, value)
  // The columns as scrolled, before the choice is confirmed.
  const [scrolled, setScrolled] = useState<[number, number] | null>(null)
  const [p, c] = scrolled ?? chosen ?? [0, 0]
  const parents = tree.map((node) => node.label)
  const children = (tree[p]?.children ?? []).map((child) => child.label)
  return (
    <Picker
      className={['app-select-picker', 'app-category-picker', className ?? ''].join(' ').trim()}
      mode='multiSelector'
      range={[parents, children]}
      value={[p, c]}
      disabled={disabled}
      onColumnChange={(e) => {
        const column = Number(e.detail.column)
        const index = Number(e.detail.value)
        setScrolled(column === 0 ? [index, 0] : [p, index])
      }}
      onCancel={() => setScrolled(null)}
      onChange={(e) => {
        const [pi = 0, ci = 0] = (e.detail.value as Array<number | string>).map(Number)
        setScrolled(null)
        const parent = tree[pi]
        const child = parent?.children[ci]
        if (parent && child) onChange?.(`${parent.label}-${child.label}`, parent.label, child.label)
      }}
    >
      <PickerField label={chosen ? (value ?? null) : null} placeholder={placeholder} disabled={disabled} />
    </Picker>
  )
}

/**
 * Options for pickers and the option lookup (SPEC.md section 3): an option list maps values to
 * labels; a value may hold several values separated by commas ("a,b"), each looked up.
 */
export interface Option<V extends string | number = string> {
  label: string
  value: V
}

/** An enumeration's values as options; the wire carries the label, so label and value agree. */
export function optionsOf<V extends string>(values: readonly V[]): Array<Option<V>> {
  return values.map((value) => ({ label: value, value }))
}

export interface LookupOptions {
  /** @default 'value' */
  valueKey?: string
  /** @default 'label' */
  labelKey?: string
  /** Separator of multi-values in and out. @default ',' */
  separator?: string
  /** Shown for a value no option has; the value itself when not given. */
  fallback?: string
}

/** The label(s) of a value: "a,b" gives "甲,乙". Unknown parts show as themselves (or `fallback`). */
export function optionLabel(
  options: ReadonlyArray<Record<string, unknown>>,
  value: string | number | null | undefined,
  { valueKey = 'value', labelKey = 'label', separator = ',', fallback }: LookupOptions = {},
): string {
  if (value === null || value === undefined || value === '') return ''
  return String(value)
    .split(separator)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const found = options.find((o) => String(o[valueKey]) === part)
      return found ? String(found[labelKey]) : (fallback ?? part)
    })
    .join(separator)
}

import type { Rule } from 'antd/es/form'

/**
 * A phone or ID number the back-office sent masked (139****0000): a position without 查看完整手机号
 * never gets the whole value, so an edit form is filled with the masked one, and sending it back
 * unchanged keeps the number on file (server lib/fields.ts keptIfMasked).
 */
export const isMasked = (value: string | null | undefined): value is string => Boolean(value?.includes('*'))

/** `pattern` for a typed value; the masked value the form was filled with passes unchanged. */
export function unlessMasked(filled: string | null | undefined, pattern: RegExp, message: string): Rule {
  return {
    validator: async (_, value: string | undefined) => {
      if (!value || (isMasked(filled) && value === filled) || pattern.test(value.trim())) return
      throw new Error(message)
    },
  }
}

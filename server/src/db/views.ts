import type { Subquery } from 'drizzle-orm'

/**
 * A read view's columns, to select them as one nested object (`{ order: columnsOf(ordersView) }`),
 * as a table's columns are selected with `getTableColumns`.
 */
export const columnsOf = <S extends Subquery>(view: S): S['_']['selectedFields'] => view._.selectedFields

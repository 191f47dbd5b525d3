/**
 * Drag to reorder (@dnd-kit): by mouse or touch on a row's handle, or from the keyboard (focus the
 * handle, Space to pick up, arrows to move, Space to drop, Esc to cancel), announced in Chinese
 * to screen readers. `SortableList` is one level (course categories); a screen whose items move
 * between lists (a course's chapters and sections) builds on `SortableItem`, the sensors and the
 * announcements here.
 */
import { HolderOutlined } from '@ant-design/icons'
import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core'
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { Button } from 'antd'
import type { ReactNode } from 'react'

/** Pointer (a few pixels of movement first, so a click on the handle is not a drag) and keyboard. */
export function useDragSensors() {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
}

/** What screen readers hear while dragging; `label` names an item by its key. */
export function dragAccessibility(label: (id: UniqueIdentifier) => string) {
  const announcements: Announcements = {
    onDragStart: ({ active }) => `已拿起「${label(active.id)}」`,
    onDragOver: ({ active, over }) =>
      over ? `「${label(active.id)}」移到「${label(over.id)}」的位置` : `「${label(active.id)}」不在可放下的位置`,
    onDragEnd: ({ active, over }) =>
      over ? `「${label(active.id)}」已放在「${label(over.id)}」的位置` : `「${label(active.id)}」已放回原处`,
    onDragCancel: ({ active }) => `已取消，「${label(active.id)}」放回原处`,
  }
  return {
    announcements,
    screenReaderInstructions: { draggable: '按空格键拿起，用上下方向键移动，再按空格键放下；按 Esc 取消。' },
  }
}

/** A drag handle: the only part of a row that starts a drag. */
export interface HandleProps {
  label: string
  disabled?: boolean
}

export type RenderSortable = (handle: ReactNode, state: { dragging: boolean }) => ReactNode

/** One item of a SortableContext: its node moves while dragged; `children` draws it with its handle. */
export function SortableItem({
  id,
  label,
  disabled = false,
  className,
  children,
}: {
  id: UniqueIdentifier
  /** Names the item on its handle: 拖动排序「…」. */
  label: string
  disabled?: boolean
  className?: string
  children: RenderSortable
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled })
  const handle = disabled ? null : (
    <Button
      ref={setActivatorNodeRef}
      type='text'
      size='small'
      icon={<HolderOutlined />}
      className='console-drag-handle'
      {...attributes}
      {...listeners}
      aria-label={`拖动排序「${label}」`}
    />
  )
  return (
    <div
      ref={setNodeRef}
      data-drag-key={String(id)}
      className={[className, isDragging ? 'console-dragging' : ''].filter(Boolean).join(' ')}
      // The library moves the node by a transform it computes while dragging.
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      {children(handle, { dragging: isDragging })}
    </div>
  )
}

/**
 * One list reordered by dragging: `onMove` gets the new order of ids (the call that saves it);
 * the list shows the new order at once and the caller reloads after the call.
 */
export function SortableList<T extends { id: number }>({
  items,
  label,
  disabled = false,
  onMove,
  render,
  className,
}: {
  items: readonly T[]
  label: (item: T) => string
  disabled?: boolean
  onMove: (ids: number[], moved: T) => void
  render: (item: T, handle: ReactNode) => ReactNode
  className?: string
}) {
  const sensors = useDragSensors()
  const keyOf = (id: number) => `item-${id}`
  const byKey = new Map(items.map((item) => [keyOf(item.id), item]))
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    const from = items.findIndex((i) => keyOf(i.id) === active.id)
    const to = items.findIndex((i) => keyOf(i.id) === over.id)
    const moved = items[from]
    if (from < 0 || to < 0 || !moved) return
    const next = [...items]
    next.splice(from, 1)
    next.splice(to, 0, moved)
    onMove(
      next.map((i) => i.id),
      moved,
    )
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={dragAccessibility((id) => {
        const item = byKey.get(String(id))
        return item ? label(item) : String(id)
      })}
    >
      <SortableContext items={items.map((i) => keyOf(i.id))} strategy={verticalListSortingStrategy} disabled={disabled}>
        <div className={className}>
          {items.map((item) => (
            <SortableItem key={item.id} id={keyOf(item.id)} label={label(item)} disabled={disabled}>
              {(handle) => render(item, handle)}
            </SortableItem>
          ))}
        </div>
      </SortableContext>
    </DndContext>
  )
}

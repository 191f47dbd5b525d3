/**
 * 快速查找 (issue 39 §2): a search box in the header, and Ctrl K (⌘K on a Mac) or '/' outside a text
 * field from anywhere, open a dialog that jumps to any screen the operator may open (by its name or
 * its group's), and to a student, partner or clue by a part of the name or a whole phone (the
 * server answers within what each list would show them, phones masked as the lists mask them, and
 * records in 操作日志 an answer that shows or implies a whole phone). Arrow keys move, Enter opens,
 * Escape closes. No props: it reads the session.
 */
import { SearchOutlined } from '@ant-design/icons'
import { Button, Input, type InputRef, Modal, Tag, theme, Typography } from 'antd'
import { type KeyboardEvent as ReactKeyboardEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { ApiError } from '../api/client'
import { finderApi, type Findings } from '../api/finder'
import { MENU_GROUPS, SCREENS } from '../routes'
import { useSession } from '../session/session'
import {
  asksServer,
  type FinderItem,
  type FinderRoute,
  isMac,
  KIND_LABELS,
  matchScreens,
  moveActive,
  openableScreens,
  opensFinder,
  peopleItems,
  SEARCH_DELAY_MS,
  searchesPeople,
  shortcutLabel,
} from './quick-finder'

/** The menu's screens as the finder reads them (the group's name beside each). */
const FINDER_ROUTES: FinderRoute[] = SCREENS.map((r) => ({
  path: r.path,
  name: r.name,
  right: r.right,
  hideInMenu: r.hideInMenu,
  groupName: r.group ? MENU_GROUPS[r.group]?.name : undefined,
}))

const onMac = () => typeof navigator !== 'undefined' && isMac(navigator.platform || navigator.userAgent)

/** The server's answer for one query (so a late answer to an older query is never shown). */
type Answer = { q: string; findings?: Findings; error?: string }

export default function QuickFinder() {
  const { admin } = useSession()
  const navigate = useNavigate()
  const { token } = theme.useToken()
  const mac = useMemo(onMac, [])
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState('')
  const [answer, setAnswer] = useState<Answer>()
  const [active, setActive] = useState(-1)
  const input = useRef<InputRef>(null)
  const id = useId()
  const listId = `${id}-results`
  const optionId = (index: number) => `${id}-option-${index}`

  const rights = admin?.rights
  const screens = useMemo(() => openableScreens(FINDER_ROUTES, rights), [rights])
  const people = searchesPeople(rights)
  const q = query.trim()

  // Ctrl K / ⌘K anywhere, '/' outside a text field.
  useEffect(() => {
    if (!admin) return
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !opensFinder(event, event.target as HTMLElement | null, mac)) return
      event.preventDefault()
      setOpen(true)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [admin, mac])

  // The server's people, a moment after the last key.
  useEffect(() => {
    if (!open || !people || !asksServer(q)) return
    const abort = new AbortController()
    const timer = window.setTimeout(() => {
      finderApi.search(q, abort.signal).then(
        (findings) => setAnswer({ q, findings }),
        (error: unknown) => {
          if (abort.signal.aborted) return
          setAnswer({ q, error: error instanceof ApiError ? error.message : '查找失败，请稍后再试' })
        },
      )
    }, SEARCH_DELAY_MS)
    return () => {
      window.clearTimeout(timer)
      abort.abort()
    }
  }, [open, people, q])

  const current = answer?.q === q ? answer : undefined
  const searching = people && asksServer(q) && !current
  const items: FinderItem[] = useMemo(
    () => [...matchScreens(screens, q), ...(q ? peopleItems(current?.findings) : [])],
    [screens, q, current?.findings],
  )

  // A new list: the first result is the one Enter opens.
  useEffect(() => setActive(items.length > 0 ? 0 : -1), [items])
  useEffect(() => {
    if (active >= 0) document.getElementById(`${id}-option-${active}`)?.scrollIntoView?.({ block: 'nearest' })
  }, [active, id])

  const close = useCallback(() => {
    setOpen(false)
    setQuery('')
    setAnswer(undefined)
  }, [])
  const go = useCallback(
    (item: FinderItem | undefined) => {
      if (!item) return
      close()
      navigate(item.to)
    },
    [close, navigate],
  )

  if (!admin) return null

  const onKeyDown = (event: ReactKeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      setActive((a) => moveActive(a, event.key === 'ArrowDown' ? 1 : -1, items.length))
    } else if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault()
      go(items[active])
    }
  }

  const shortcut = shortcutLabel(mac)
  const status = current?.error
    ? current.error
    : searching
      ? '正在查找…'
      : items.length === 0
        ? q
          ? '没有找到'
          : '没有可打开的页面'
        : undefined

  return (
    <>
      <Button
        icon={<SearchOutlined />}
        onClick={() => setOpen(true)}
        aria-keyshortcuts={mac ? 'Meta+K' : 'Control+K'}
        aria-haspopup='dialog'
        data-testid='quick-finder'
        style={{ width: 180, justifyContent: 'flex-start', color: token.colorTextTertiary }}
      >
        <span style={{ flex: 1, textAlign: 'left' }}>搜索</span>
        <Typography.Text keyboard type='secondary' style={{ fontSize: 12 }}>
          {shortcut}
        </Typography.Text>
      </Button>
      <Modal
        open={open}
        title='快速查找'
        footer={null}
        onCancel={close}
        destroyOnHidden
        afterOpenChange={(visible) => visible && input.current?.focus()}
        styles={{ body: { paddingTop: 8 } }}
      >
        <Input
          ref={input}
          autoFocus
          allowClear
          size='large'
          prefix={<SearchOutlined />}
          placeholder={people ? '页面名称、姓名或完整手机号' : '页面名称'}
          aria-label='快速查找：页面名称、学员、合伙人或线索的姓名或完整手机号'
          role='combobox'
          aria-expanded
          aria-controls={listId}
          aria-autocomplete='list'
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          maxLength={30}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={onKeyDown}
          data-testid='quick-finder-input'
        />
        <ul
          id={listId}
          role='listbox'
          aria-label='查找结果'
          style={{ listStyle: 'none', margin: '12px 0 0', padding: 0, maxHeight: 400, overflowY: 'auto' }}
        >
          {items.map((item, index) => (
            <li
              key={item.key}
              id={optionId(index)}
              role='option'
              aria-selected={index === active}
              onMouseEnter={() => setActive(index)}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => go(item)}
              style={{
                display: 'flex',
                alignItems: 'center',
                gap: 8,
                padding: '6px 8px',
                borderRadius: token.borderRadius,
                cursor: 'pointer',
                background: index === active ? token.controlItemBgActive : undefined,
              }}
            >
              <Tag style={{ margin: 0, minWidth: 48, textAlign: 'center' }} color={item.kind === 'screen' ? undefined : 'blue'}>
                {KIND_LABELS[item.kind]}
              </Tag>
              <Typography.Text strong ellipsis>
                {item.title}
              </Typography.Text>
              {item.detail && (
                <Typography.Text type='secondary' ellipsis style={{ marginLeft: 'auto' }}>
                  {item.detail}
                </Typography.Text>
              )}
            </li>
          ))}
        </ul>
        {status && (
          <Typography.Text type={current?.error ? 'danger' : 'secondary'} role='status' style={{ display: 'block', padding: '6px 8px' }}>
            {status}
          </Typography.Text>
        )}
        <Typography.Text type='secondary' style={{ display: 'block', marginTop: 8, fontSize: 12 }}>
          ↑↓ 选择 · Enter 打开 · Esc 关闭
        </Typography.Text>
      </Modal>
    </>
  )
}

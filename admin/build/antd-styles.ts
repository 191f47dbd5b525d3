/**
 * antd's styles for the console's theme, rendered once at build time into plain CSS.
 *
 * antd writes its styles in the browser: each component's first render computes its rules from the
 * theme's tokens and inserts them (a fifth of a list screen's script time, measured). The build
 * renders, on the server, every antd component the console's screens use under
 * the console's ConfigProvider theme, and collects what they register (@ant-design/cssinjs'
 * extractStyle, the way antd documents server-side rendering). The CSS ends with a cache-path map
 * (`.data-ant-cssinjs-cache-path{content:"…"}`): in the browser a component whose style path is on
 * the map takes its rules from the stylesheet and computes nothing; one not on it (a component
 * added later, a theme that differs, as with reduced motion) computes them
 * as before. So a wrong or stale list costs speed, never looks.
 */
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs'
import * as antd from 'antd'
import type { ThemeConfig } from 'antd'
import { createElement as h, Fragment, type ReactNode } from 'react'
import { renderToString } from 'react-dom/server'

/** Components rendered as they are (their styles register on first render). */
const PLAIN = [
  'Alert',
  'App',
  'Avatar',
  'Badge',
  'Breadcrumb',
  'Button',
  'Card',
  'Cascader',
  'Checkbox',
  'DatePicker',
  'Descriptions',
  'Divider',
  'Empty',
  'Flex',
  'Form',
  'Image',
  'Input',
  'InputNumber',
  'Layout',
  'List',
  'Pagination',
  'Progress',
  'Radio',
  'Result',
  'Segmented',
  'Select',
  'Skeleton',
  'Space',
  'Spin',
  'Statistic',
  'Steps',
  'Switch',
  'Table',
  'Tabs',
  'Tag',
  'TimePicker',
  'Timeline',
  'Typography',
  'Upload',
] as const

/** Components whose root renders nothing on the server (portals, overlays): their panels instead. */
const PANELS = ['Popconfirm', 'Popover', 'Tooltip', 'message', 'notification'] as const

function nodes(): ReactNode[] {
  const lib = antd as unknown as Record<string, unknown>
  const out: ReactNode[] = PLAIN.map((name) => h(lib[name] as never, { key: name }))
  for (const name of PANELS) {
    const panel = (lib[name] as { _InternalPanelDoNotUseOrYouWillBeFired: never })._InternalPanelDoNotUseOrYouWillBeFired
    out.push(h(panel, { key: `${name}-panel` }))
  }
  // Parts with styles of their own, and components that need props to render.
  out.push(
    h(antd.Row, { key: 'row' }, h(antd.Col, { span: 12 })),
    h(antd.Form, { key: 'form-item' }, h(antd.Form.Item, { label: 'x' }, h(antd.Input))),
    h(antd.Input.TextArea, { key: 'textarea' }),
    h(antd.Input.Search, { key: 'search' }),
    h(antd.Input.Password, { key: 'password' }),
    h(antd.Space.Compact, { key: 'compact' }, h(antd.Input), h(antd.Button)),
    h(antd.Layout.Sider, { key: 'sider' }),
    h(antd.Menu, { key: 'menu', items: [] }),
    h(antd.Dropdown, { key: 'dropdown', menu: { items: [] } }, h('span')),
    h(antd.Tree, { key: 'tree', treeData: [] }),
    h(antd.QRCode, { key: 'qr', value: 'https://example.com' }),
    h(antd.Upload.Dragger, { key: 'dragger' }),
    h(antd.Modal, { key: 'modal', open: true, getContainer: false }),
    h(antd.Drawer, { key: 'drawer', open: true, getContainer: false }),
    h(antd.Tag, { key: 'tag-status', color: 'success' }),
    h(antd.Tag, { key: 'tag-preset', color: 'blue' }),
    h(antd.Tag.CheckableTag, { key: 'tag-check', checked: false }),
  )
  return out
}

/**
 * antd's own style paths are `token|Component-Part|prefix|iconPrefix` (and `token|Shared|ant`,
 * `token|ant-design-icons|anticon`); pro-components' are `token|name`, and some of their styles read
 * a component's props that the path does not name: only antd's go into the stylesheet.
 */
const isAntdPath = (key: string) => key.split('%').length >= 4

/** The CSS (with its cache-path map) of the components above under `theme`. */
export function antdStyles(theme: ThemeConfig): string {
  const cache = createCache()
  // Rendering on the server is only a way to collect styles: its warnings that layout effects and
  // portals do nothing there say nothing here.
  const report = console.error
  console.error = (...args: unknown[]) => {
    if (!/does nothing on the server|only work in client side|in SSR is not work/.test(String(args[0]))) report(...args)
  }
  try {
    render(cache, theme)
  } finally {
    console.error = report
  }
  for (const key of [...cache.cache.keys()]) if (key.startsWith('style%') && !isAntdPath(key)) cache.cache.delete(key)
  return extractStyle(cache, { plain: true })
}

function render(cache: ReturnType<typeof createCache>, theme: ThemeConfig) {
  renderToString(h(StyleProvider, { cache }, h(antd.ConfigProvider, { theme }, h(Fragment, null, ...nodes()))))
}

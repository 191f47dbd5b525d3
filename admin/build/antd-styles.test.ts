/**
 * The build's antd stylesheet (antd-styles.ts): what it holds is what screens skip computing. Whether
 * a browser takes it is seen in console-session.test.ts.
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { THEME } from '../src/theme'
import { antdStyles } from './antd-styles'

test("the stylesheet holds antd's rules for the console's theme, in the content and in the side menu, and none of pro-components'", () => {
  const css = antdStyles(THEME)
  const map = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)";\}/.exec(css)?.[1]
  assert.ok(map, 'the cache-path map ends the stylesheet')
  const paths = map.split(';').map((entry) => entry.split(':')[0]!.split('|'))
  const tokens = new Map<string, Set<string>>()
  for (const [token, component] of paths) {
    if (!tokens.has(token!)) tokens.set(token!, new Set())
    tokens.get(token!)!.add(component!)
  }
  const byCount = [...tokens.values()].sort((a, b) => b.size - a.size)
  // The theme's own token: every component a list, a form or a dialog draws.
  const content = byCount[0]!
  for (const component of [
    'Shared',
    'Table-Table',
    'Form-Form',
    'Form-item-item',
    'Select-Select',
    'DatePicker-DatePicker',
    'Button-Button',
    'Modal-Modal',
    'Tag-status',
    'Tag-preset',
    'Pagination-Pagination',
    'Typography-Typography',
    'Input-Component',
  ])
    assert.ok(content.has(component), `${component} under the theme's token`)
  // ProLayout's side menu sets a theme of its own: the menu and the quick finder are drawn under it.
  const sider = byCount.find((set) => set !== content && set.has('Menu-Menu'))
  assert.ok(sider, "the side menu's token")
  for (const component of ['Menu-Menu', 'Layout-Sider', 'Button-Button', 'Input-Component', 'Modal-Modal'])
    assert.ok(sider.has(component), `${component} in the side menu`)
  // antd's paths name the component, its prefix and the icons' prefix; pro-components' only a name.
  for (const path of paths) assert.ok(path.length >= 3, `not antd's: ${path.join('|')}`)
  assert.match(css, /\.ant-table-wrapper/)
  assert.doesNotMatch(css, /\.ant-pro-/)
})

/**
 * The build's antd stylesheet (antd-styles.ts): what it holds is what screens skip computing. Whether
 * a browser takes it is seen in console-session.test.ts.
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { THEME } from '../src/theme'
import { antdStyles } from './antd-styles'

test("the stylesheet holds antd's rules for the console's theme (screens and side menu), and none of pro-components'", () => {
  const css = antdStyles(THEME)
  const map = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)";\}/.exec(css)?.[1]
  assert.ok(map, 'the cache-path map ends the stylesheet')
  const paths = map.split(';').map((entry) => entry.split(':')[0]!.split('|'))
  const tokens = new Map<string, Set<string>>()
  for (const [token, component] of paths) {
    if (!tokens.has(token!)) tokens.set(token!, new Set())
    tokens.get(token!)!.add(component!)
  }
  // One token besides the icons' own, the theme's: the side menu is drawn under the screens' theme.
  const themed = [...tokens.values()].filter((set) => !set.has('ant-design-icons'))
  assert.equal(themed.length, 1, 'one theme')
  const content = themed[0]!
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
    'Menu-Menu',
    'Layout-Sider',
    'Avatar-Avatar',
    'Dropdown-Dropdown',
  ])
    assert.ok(content.has(component), `${component} under the theme's token`)
  // antd's paths name the component, its prefix and the icons' prefix; pro-components' only a name.
  for (const path of paths) assert.ok(path.length >= 3, `not antd's: ${path.join('|')}`)
  assert.match(css, /\.ant-table-wrapper/)
  assert.doesNotMatch(css, /\.ant-pro-/)
})

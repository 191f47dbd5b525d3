/**
 * For `jest.mock('@tarojs/taro', ...)` in a page's DOM test: the real Taro with these page hooks
 * doing nothing (the test drives the page itself: no show, pull-down or reach-bottom events).
 * Call it through `jest.requireActual` inside the factory, which jest hoists above the imports.
 */
export function taroWithout(hooks: readonly string[]) {
  const actual = jest.requireActual('@tarojs/taro')
  const none = () => undefined
  return { __esModule: true, ...actual, default: actual.default ?? actual, ...Object.fromEntries(hooks.map((hook) => [hook, none])) }
}

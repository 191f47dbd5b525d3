/**
 * The console's antd theme: one object, read by the app's ConfigProvider (App.tsx) and by the build,
 * which renders antd's styles for this theme into a CSS file (build/antd-styles.ts) so that screens do
 * not compute them in the browser. A change here changes both.
 */
import type { ThemeConfig } from 'antd'

/**
 * The operator's system asks for less motion (an accessibility setting): antd's opening and closing
 * animations are switched off, so a dialog or menu is there, and answers clicks, at once.
 */
const REDUCED_MOTION = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true

/**
 * antd's default blue, red and tertiary grey, its green and gold as text, and its preset tag
 * colours' text give 2.2-4.4:1 on white and on their own light tints (links, primary and danger
 * buttons, secondary text, the operator's name, success text, status and kind tags): these are the
 * same hues darkened to WCAG AA's 4.5:1 for normal text (antd's own palette steps: blue-7, red-7,
 * green-8, gold-9, orange-8, cyan-8, volcano-8, lime-9; black at 58% instead of 45%).
 * Green and gold change as text only (the success and warning text tokens, and tags): as seeds,
 * colours this dark would turn the light tints antd derives from them (tag and row backgrounds)
 * grey. A preset tag (color='green') takes its text from step 7 of its palette and its background
 * from step 1: step 7 is set darker for tags only, the tints stay.
 */
const ACCESSIBLE_COLOURS = {
  colorPrimary: '#0958d9',
  colorInfo: '#0958d9',
  colorLink: '#0958d9',
  colorError: '#cf1322',
  colorSuccessText: '#237804',
  colorWarningText: '#874d00',
  colorTextTertiary: 'rgba(0, 0, 0, 0.58)',
}
/** Tag text per preset colour (blue, red, purple, magenta and geekblue pass as antd has them). */
const TAG_TEXT = {
  green7: ACCESSIBLE_COLOURS.colorSuccessText,
  gold7: ACCESSIBLE_COLOURS.colorWarningText,
  orange7: '#ad4e00',
  cyan7: '#006d75',
  volcano7: '#ad2102',
  lime7: '#3f6600',
}
export const THEME: ThemeConfig = {
  token: REDUCED_MOTION ? { ...ACCESSIBLE_COLOURS, motion: false } : ACCESSIBLE_COLOURS,
  components: {
    Tag: { colorSuccess: ACCESSIBLE_COLOURS.colorSuccessText, colorWarning: ACCESSIBLE_COLOURS.colorWarningText, ...TAG_TEXT },
  },
}

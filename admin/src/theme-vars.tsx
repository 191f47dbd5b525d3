/**
 * antd's theme tokens as CSS custom properties on the page (`--console-margin`, `--console-color-text-secondary`…),
 * so the console's own stylesheet (console.css) takes its spacing and colours from the theme
 * instead of repeating numbers and hex codes. Set once inside ConfigProvider, again if the theme changes.
 */
import { theme } from 'antd'
import { useLayoutEffect } from 'react'
import './console.css'

export function ThemeVariables() {
  const { token } = theme.useToken()
  useLayoutEffect(() => {
    const vars: Record<string, string> = {
      'margin-xxs': `${token.marginXXS}px`,
      'margin-xs': `${token.marginXS}px`,
      'margin-sm': `${token.marginSM}px`,
      margin: `${token.margin}px`,
      'margin-lg': `${token.marginLG}px`,
      'margin-xl': `${token.marginXL}px`,
      'font-size-sm': `${token.fontSizeSM}px`,
      'font-size-lg': `${token.fontSizeLG}px`,
      'font-size-xl': `${token.fontSizeXL}px`,
      'border-radius-sm': `${token.borderRadiusSM}px`,
      'border-radius-lg': `${token.borderRadiusLG}px`,
      'color-text': token.colorText,
      'color-text-secondary': token.colorTextSecondary,
      'color-text-tertiary': token.colorTextTertiary,
      'color-text-quaternary': token.colorTextQuaternary,
      'color-text-light-solid': token.colorTextLightSolid,
      'color-bg-container': token.colorBgContainer,
      'color-bg-layout': token.colorBgLayout,
      'color-fill-secondary': token.colorFillSecondary,
      'color-fill-tertiary': token.colorFillTertiary,
      'color-border': token.colorBorder,
      'color-border-secondary': token.colorBorderSecondary,
      'color-split': token.colorSplit,
      'color-primary-hover': token.colorPrimaryHover,
      'control-outline': token.controlOutline,
      'color-text-placeholder': token.colorTextPlaceholder,
      'color-error': token.colorError,
      'color-primary': token.colorPrimary,
      'color-info': token.colorInfo,
      'color-info-bg': token.colorInfoBg,
      'control-height': `${token.controlHeight}px`,
      'font-weight-strong': String(token.fontWeightStrong),
      'color-success-bg': token.colorSuccessBg,
      'color-error-bg': token.colorErrorBg,
      'color-warning-bg': token.colorWarningBg,
      'color-warning': token.colorWarning,
      'color-text-heading': token.colorTextHeading,
      'font-size-heading-3': `${token.fontSizeHeading3}px`,
    }
    const root = document.documentElement.style
    for (const [name, value] of Object.entries(vars)) root.setProperty(`--console-${name}`, value)
  }, [token])
  return null
}

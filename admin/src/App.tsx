/**
 * The console: Chinese locale, the router built from routes.tsx under /admin, the session, and
 * the API client's outside effects (how a refusal is shown, where an expired session goes, the
 * step-up dialog a high-risk call opens).
 */
import { App as AntApp, ConfigProvider, type ThemeConfig } from 'antd'
import zhCN from 'antd/locale/zh_CN'
import dayjs from 'dayjs'
import 'dayjs/locale/zh-cn'
import 'antd/dist/reset.css'
import { lazy, Suspense, useLayoutEffect, useRef } from 'react'
import { createBrowserRouter, Navigate, Outlet, RouterProvider, useLocation, useNavigate } from 'react-router-dom'
import { configureClient } from './api/client'
import { Loading, NotFound, RoleGate } from './components/Gates'
import { useStepUpDialog } from './components/StepUpDialog'
import { HOME, SCREENS } from './routes'
import { SessionProvider, useSession } from './session/session'
import { ThemeVariables } from './theme-vars'

dayjs.locale('zh-cn')

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
const THEME: ThemeConfig = {
  token: REDUCED_MOTION ? { ...ACCESSIBLE_COLOURS, motion: false } : ACCESSIBLE_COLOURS,
  components: {
    Tag: { colorSuccess: ACCESSIBLE_COLOURS.colorSuccessText, colorWarning: ACCESSIBLE_COLOURS.colorWarningText, ...TAG_TEXT },
  },
}

const SignIn = lazy(() => import('./pages/sign-in/SignIn'))
// ProLayout and the menu load beside the first screen, not before the sign-in page.
const ConsoleLayout = lazy(() => import('./layout/ConsoleLayout'))

/** Wires the API client to this router and this session; everything renders inside it. */
function Root() {
  const navigate = useNavigate()
  const location = useLocation()
  const { message } = AntApp.useApp()
  const { admin, sessionExpired } = useSession()
  const stepUp = useStepUpDialog()
  const here = useRef(location)
  here.current = location
  const hadSession = useRef(false)
  if (admin) hadSession.current = true
  // A layout effect: set before any screen's first call can answer.
  useLayoutEffect(() => {
    configureClient({
      notify: (text) => void message.error({ content: text, key: text }),
      sessionExpired: () => {
        sessionExpired()
        const { pathname, search } = here.current
        if (pathname === '/signIn') return
        const expired = hadSession.current ? '&expired=1' : ''
        hadSession.current = false
        navigate(`/signIn?redirect=${encodeURIComponent(pathname + search)}${expired}`, { replace: true })
      },
      stepUp: stepUp.ask,
    })
  }, [message, navigate, sessionExpired, stepUp.ask])
  return (
    <>
      {stepUp.dialog}
      <Outlet />
    </>
  )
}

const router = createBrowserRouter(
  [
    {
      element: <Root />,
      children: [
        {
          path: '/signIn',
          element: (
            <Suspense fallback={<Loading />}>
              <SignIn />
            </Suspense>
          ),
        },
        {
          path: '/',
          element: (
            <Suspense fallback={<Loading />}>
              <ConsoleLayout />
            </Suspense>
          ),
          children: [
            { index: true, element: <Navigate to={HOME} replace /> },
            ...SCREENS.map((route) => ({
              path: route.path.slice(1),
              // A key per screen: its own Suspense boundary, so a screen still loading shows the
              // spinner at once instead of the previous screen (a transition would keep it, live,
              // under the new address).
              element: (
                <RoleGate key={route.path} route={route}>
                  <Suspense fallback={<Loading />}>
                    <route.component />
                  </Suspense>
                </RoleGate>
              ),
            })),
            { path: '*', element: <NotFound /> },
          ],
        },
      ],
    },
  ],
  { basename: '/admin' },
)

export function ConsoleApp() {
  return (
    <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }} theme={THEME}>
      <AntApp>
        <ThemeVariables />
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </AntApp>
    </ConfigProvider>
  )
}

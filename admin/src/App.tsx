/**
 * The console: theme, the router built from routes.tsx under /admin, the session,
 * and where an expired session goes (the signed-in frame wires the rest of the API client's
 * outside effects).
 */
import { ConfigProvider } from 'antd'
import 'antd/dist/reset.css'
import { lazy, Suspense, useLayoutEffect, useRef } from 'react'
import { BrowserRouter, matchRoutes, Navigate, Outlet, Route, Routes, useLocation, useNavigate } from 'react-router-dom'
import { configureClient, preload } from './api/client'
import { sessionApi } from './api/session'
import { FrameShell } from './components/FrameShell'
import { Loading, NotFound, RoleGate } from './components/Gates'
import { HOME, SCREENS } from './routes'
import { SessionProvider, useSession } from './session/session'
import { THEME } from './theme'
import { ThemeVariables } from './theme-vars'

const SignIn = lazy(() => import('./pages/sign-in/SignIn'))
// The frame and the menu load beside the first screen, not before the sign-in page.
const loadLayout = () => import('./layout/ConsoleLayout')
const ConsoleLayout = lazy(loadLayout)

/**
 * The first screen's scripts start loading with the frame's, not after it has rendered and asked
 * who is signed in: a deep link (/admin/clues) fetches the layout and the clue list at once. Who is
 * signed in is asked at once too, and the screen's first GETs (its `preload`) as soon as its script
 * is there; the answers wait for the session's and the screen's calls (api/client.ts preload).
 */
function preloadFirstScreen(pathname: string, search: string) {
  const path = pathname.replace(/^\/admin(?=\/|$)/, '') || '/'
  if (path.startsWith('/signIn')) return
  // Who is signed in, asked now rather than after the first render (the session takes the answer).
  preload(() => sessionApi.signInfo())
  // A failure here is the screen's own to show, when it renders.
  loadLayout().catch(() => undefined)
  const matched = matchRoutes(
    SCREENS.map((r) => ({ path: r.path })),
    path === '/' ? HOME : path,
  )?.[0]
  const screen = SCREENS.find((r) => r.path === matched?.route.path)
  if (!screen || !matched) return
  screen
    .screen()
    .then(({ preload: ask }) => {
      if (ask) preload(() => ask({ params: matched.params, search: new URLSearchParams(search) }))
    })
    .catch(() => undefined)
}
if (typeof window !== 'undefined') preloadFirstScreen(window.location.pathname, window.location.search)

/**
 * Wires the API client to this router and this session (where an expired session goes);
 * everything renders inside it. How a refusal is shown and the step-up dialog belong to the
 * signed-in frame (layout/ConsoleLayout.tsx), with antd's App and its message and modal: the
 * sign-in screen shows its refusals itself and does not load them.
 */
function Root() {
  const navigate = useNavigate()
  const location = useLocation()
  const { admin, sessionExpired } = useSession()
  const here = useRef(location)
  here.current = location
  const hadSession = useRef(false)
  if (admin) hadSession.current = true
  // A layout effect: set before any screen's first call can answer.
  useLayoutEffect(() => {
    configureClient({
      sessionExpired: () => {
        sessionExpired()
        const { pathname, search } = here.current
        if (pathname === '/signIn') return
        const expired = hadSession.current ? '&expired=1' : ''
        hadSession.current = false
        navigate(`/signIn?redirect=${encodeURIComponent(pathname + search)}${expired}`, { replace: true })
      },
    })
  }, [navigate, sessionExpired])
  return <Outlet />
}

/**
 * The console's addresses (under /admin). A declarative router: no screen uses loaders or actions,
 * and the data router they need would be a third of the script the sign-in screen loads.
 */
function ConsoleRoutes() {
  return (
    <Routes>
      <Route element={<Root />}>
        <Route
          path='/signIn'
          element={
            <Suspense fallback={<Loading />}>
              <SignIn />
            </Suspense>
          }
        />
        <Route
          path='/'
          element={
            <Suspense fallback={<FrameShell />}>
              <ConsoleLayout />
            </Suspense>
          }
        >
          <Route index element={<Navigate to={HOME} replace />} />
          {SCREENS.map((route) => (
            <Route
              key={route.path}
              path={route.path.slice(1)}
              // A key per screen: its own Suspense boundary, so a screen still loading shows the
              // spinner at once instead of the previous screen (a transition would keep it, live,
              // under the new address).
              element={
                <RoleGate key={route.path} route={route}>
                  <Suspense fallback={<Loading />}>
                    <route.component />
                  </Suspense>
                </RoleGate>
              }
            />
          ))}
          <Route path='*' element={<NotFound />} />
        </Route>
      </Route>
    </Routes>
  )
}

export function ConsoleApp() {
  return (
    <ConfigProvider button={{ autoInsertSpace: false }} theme={THEME}>
      <ThemeVariables />
      <SessionProvider>
        <BrowserRouter basename='/admin'>
          <ConsoleRoutes />
        </BrowserRouter>
      </SessionProvider>
    </ConfigProvider>
  )
}

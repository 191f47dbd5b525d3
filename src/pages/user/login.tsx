import Page from '../../components/page'
import { routeOf } from '../../routes'

/** pages/user/login: filled in by a later issue; shows its title until then. */
export default function UserLoginPage() {
  return <Page title={routeOf('pages/user/login')?.title ?? ''} />
}

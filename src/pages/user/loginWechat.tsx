import Page from '../../components/page'
import { routeOf } from '../../routes'

/** pages/user/loginWechat: filled in by a later issue; shows its title until then. */
export default function UserLoginWechatPage() {
  return <Page title={routeOf('pages/user/loginWechat')?.title ?? ''} />
}

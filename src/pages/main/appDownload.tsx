import Page from '../../components/page'
import { routeOf } from '../../routes'

/** pages/main/appDownload: filled in by a later issue; shows its title until then. */
export default function MainAppDownloadPage() {
  return <Page title={routeOf('pages/main/appDownload')?.title ?? ''} />
}

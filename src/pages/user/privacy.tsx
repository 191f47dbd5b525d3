import SiteDocument from './components/site-document'

/** pages/user/privacy (隐私政策): the privacy policy, site content `privacy`. */
export default function UserPrivacyPage() {
  return <SiteDocument path='pages/user/privacy' contentKey='privacy' />
}

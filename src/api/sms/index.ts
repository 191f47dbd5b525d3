/** The sms service: social Q&A and study. */
export { social } from './social'
export { study } from './study'

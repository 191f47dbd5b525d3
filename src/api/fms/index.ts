/** The fms service: finance, operating costs, hi-tech fees, tuition, points money, accounts. */
export { finance } from './finance'
export { operating } from './operating'
export { hitech } from './hitech'
export { tuition } from './tuition'
export { cybermoney } from './cybermoney'
export { wine } from './wine'

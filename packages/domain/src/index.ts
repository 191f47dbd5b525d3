export * from './tiers'
export * from './volunteer-form'
export * from './rich-document'
export * from './poster-plan'

// The thesis module's face (论文): what other modules may use.
export { thesisRoutes } from './thesis.routes.ts'
export { seedThesisDemo } from './thesis.seed.ts'
export { thesisResultsOf } from './thesis.service.ts'

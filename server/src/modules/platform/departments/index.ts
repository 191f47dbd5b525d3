// The departments module's face: what other modules may use (they import nothing else from here).
export { departmentsRoutes } from './departments.routes.ts'
export { createDepartmentsRepository } from './departments.repository.ts'

export { departmentsView } from './departments.views.ts'

// The staff-home module's face (the staff's workbench in the app).
export { staffHomeRoutes } from './staff-home.routes.ts'

// The graduation module's face (毕业: the photo collection first): what other modules may use.
export { photoCollectionRoutes } from './photos.routes.ts'
export { photoApprovalKind, photoStatusOf } from './photos.service.ts'
export { seedGraduationDemo } from './photos.seed.ts'

/** The cms service: night classes, activities, resources, self-taught, exemption, web, army, content. */
export { night } from './night'
export { activity } from './activity'
export { resource } from './resource'
export { selftaught } from './selftaught'
export { exemption } from './exemption'
export { web } from './web'
export { army } from './army'
export { content } from './content'

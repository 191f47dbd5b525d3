/** The zms service: points, zhijiaotong, attendance, approval, archives, content. */
export { point } from './point'
export { zhijiaotong } from './zhijiaotong'
export { attendance } from './attendance'
export { approval } from './approval'
export { archive } from './archive'
export { content } from './content'

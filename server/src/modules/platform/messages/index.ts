// The messages module's face: what other modules may use (they import nothing else from here).
export { recordLiveReminders, recordMessage, recordNoticeMessages, recordQuestionReply } from './messages.service.ts'
export { recordExamMarked, recordFeeMessage, recordGoodShipped, recordPointsApplicationResult } from './messages.service.ts'
export { createMessagePusher, type MessagePusher } from './messages.push.ts'
export { messagesRoutes } from './messages.routes.ts'

export { messagesView } from './messages.views.ts'

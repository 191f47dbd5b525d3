// The messages module's face: what other modules may use (they import nothing else from here).
export { recordLiveReminders, recordMessage, recordNoticeMessages, recordQuestionReply } from './messages.service.ts'
export {
  recordExamMarked,
  recordFeeMessage,
  recordTimetableMessages,
  recordGoodShipped,
  recordPointsApplicationResult,
  recordParcelSigned,
  recordTextbookMailing,
  recordTextbookShipped,
} from './messages.service.ts'
export { createMessagePusher, type MessagePusher } from './messages.push.ts'
export { messagesRoutes, SUBSCRIPTION_CAP } from './messages.routes.ts'
// What another outbox of subscribe messages (an approver's) shares: the templates, their data and the routes' schemas.
export { acceptedTemplates, configuredTemplates, templateData, type TemplateIds, type TemplateKeys } from './messages.push.ts'
export { subscribeBody, subscriptionsSchema, templatesSchema } from './messages.schemas.ts'

export { messagesView } from './messages.views.ts'

/** Site contents' sanitised HTML, styled inline for RichText on every platform (content, activities, agreement, privacy). */
export { documentHtml } from '@activity/domain'

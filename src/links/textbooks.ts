/** 我的教材's addresses (issue 44): 我的学籍's entry and a textbook message open the list; a record's 确认地址 the form. */
export const TEXTBOOKS_URL = '/pages/student/textbooks'

export const textbookAddressUrl = (id: number) => `/pages/student/textbookAddress?id=${id}`

/** A record's id from the form's query, or null. */
export { idOf as textbookIdOf } from './query'

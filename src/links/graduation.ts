/** 毕业照片's address: 我的学籍's entry opens it. */
export const GRADUATION_PHOTO_URL = '/pages/student/graduationPhoto'
/** 毕业审核's address: 我的学籍's entry opens it. */
export const GRADUATION_AUDIT_URL = '/pages/student/graduation'

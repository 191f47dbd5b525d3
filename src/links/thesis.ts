/** 我的论文's address: 我的学籍's entry opens it. */
export const THESIS_URL = '/pages/student/thesis'

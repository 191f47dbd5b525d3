/**
 * The school's name: what the console's title, its browser tab and its sign-in screen carry. The
 * office sets it in 设置 (SettingKey.schoolName); until then it is the product's own name.
 */
export const PRODUCT_NAME = '学历教育管理平台'

/** The longest school name 设置 takes (it fits the console's side menu at 200 px). */
export const SCHOOL_NAME_MAX = 20

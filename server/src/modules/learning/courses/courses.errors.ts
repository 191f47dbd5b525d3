import { createErrorFactory } from '../../../lib/errors.ts'
import { Code } from '../../../wire.ts'

export const createCourseNotFoundError = createErrorFactory({ key: 'course.notFound', code: Code.notFound, message: '课程不存在或已下架' })
export const createCourseHasStudentsError = createErrorFactory({
  key: 'course.hasStudents',
  code: Code.ruleRefused,
  message: '已有学员学习，请改为下架',
})
export const createCourseHasQuestionsError = createErrorFactory({
  key: 'course.hasQuestions',
  code: Code.ruleRefused,
  message: '课程下已有试题或试卷，请改为下架',
})
export const createCourseEmptyError = createErrorFactory({
  key: 'course.empty',
  code: Code.ruleRefused,
  message: '请先为课程添加至少一节内容再上架',
})
export const createCourseListedLastSectionError = createErrorFactory({
  key: 'course.lastSection',
  code: Code.ruleRefused,
  message: '上架中的课程至少保留一节，请先下架',
})
export const createCategoryNotFoundError = createErrorFactory({ key: 'category.notFound', code: Code.notFound, message: '课程分类不存在' })
export const createCategoryNotLeafError = createErrorFactory({
  key: 'category.notLeaf',
  code: Code.badRequest,
  message: '请选择二级分类',
})
export const createCategoryParentError = createErrorFactory({
  key: 'category.parent',
  code: Code.badRequest,
  message: '上级分类只能是一级分类',
})
export const createCategoryNameTakenError = createErrorFactory({
  key: 'category.nameTaken',
  code: Code.conflict,
  message: '同级下已有同名分类',
})
export const createCategoryInUseError = createErrorFactory({
  key: 'category.inUse',
  code: Code.ruleRefused,
  message: '该分类下还有子分类或课程，不能删除',
})
export const createSortMismatchError = createErrorFactory({
  key: 'course.sortMismatch',
  code: Code.badRequest,
  message: '排序列表与现有内容不一致，请刷新后重试',
})
export const createChapterNotFoundError = createErrorFactory({ key: 'chapter.notFound', code: Code.notFound, message: '章不存在' })
export const createChapterNotEmptyError = createErrorFactory({
  key: 'chapter.notEmpty',
  code: Code.ruleRefused,
  message: '请先删除或移走本章的节',
})
export const createSectionNotFoundError = createErrorFactory({ key: 'section.notFound', code: Code.notFound, message: '课程小节不存在' })
export const createSectionMediaError = createErrorFactory({
  key: 'section.media',
  code: Code.badRequest,
  message: '请先上传视频或文档',
})
export const createMediaMissingError = createErrorFactory({
  key: 'section.mediaMissing',
  code: Code.badRequest,
  message: '文件不存在，请重新上传',
})
export const createLiveNotFoundError = createErrorFactory({ key: 'live.notFound', code: Code.notFound, message: '直播不存在' })
export const createLiveInUseError = createErrorFactory({
  key: 'live.inUse',
  code: Code.ruleRefused,
  message: '该直播已被课程小节引用，请先删除小节',
})
export const createLiveTimesError = createErrorFactory({
  key: 'live.times',
  code: Code.badRequest,
  message: '结束时间须晚于开始时间',
})
export const createGrantTargetError = createErrorFactory({
  key: 'course.grantTarget',
  code: Code.badRequest,
  message: '请选择学员或填写筛选条件',
})
export const createEnrolmentNotFoundError = createErrorFactory({
  key: 'course.enrolmentNotFound',
  code: Code.notFound,
  message: '该学员没有这门课程',
})
export const createNotGrantedError = createErrorFactory({
  key: 'course.notGranted',
  code: Code.ruleRefused,
  message: '只能撤销学校开通的课程',
})
export const createUploadMissingError = createErrorFactory({ key: 'upload.missing', code: Code.badRequest, message: '请选择要上传的文件' })
export const createUploadTypeError = createErrorFactory({
  key: 'upload.type',
  code: Code.badRequest,
  message: '文件格式不支持：视频支持 mp4、webm，文档支持 pdf，图片支持 png、jpg、webp',
})
export const createUploadTooLargeError = createErrorFactory({
  key: 'upload.tooLarge',
  code: Code.badRequest,
  message: '文件太大',
  statusCode: 413,
})

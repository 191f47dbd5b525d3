// The exams module's face (试卷, 考试, 阅卷): what other modules may use.
export { attemptQuestions, examAttempts, paperQuestions, paperRules, papers, type QuestionSnapshot } from './exams.table.ts'

import { inArray } from 'drizzle-orm'
import type { Executor } from '../../../db/types.ts'
import { Difficulty, QuestionType } from '../../../wire.ts'
import { COURSES_DEMO, coursesView } from '../courses/index.ts'
import { createQuestionBankRepository } from './question-bank.repository.ts'
import { addQuestions, type QuestionInput } from './question-bank.service.ts'

const { single, multiple, judge, fill, short } = QuestionType
const { simple, general, hard } = Difficulty

/** A demo question: its chapter by title (null: 未分章). */
type DemoQuestion = Omit<QuestionInput, 'chapterId' | 'options'> & { chapter: string | null; options?: string[] }

const PASSAGE =
  '阅读短文：Tom gets up at six every morning. He runs for half an hour and then has breakfast with his family. After that, he takes the bus to work.'

const ENGLISH: DemoQuestion[] = [
  // 第一章 词汇与语法
  ...[
    {
      type: single,
      difficulty: simple,
      stem: 'She ___ to school every day.',
      options: ['go', 'goes', 'going', 'gone'],
      answer: ['B'],
      analysis: '主语 She 是第三人称单数，一般现在时的谓语动词要加 -s/-es，故选 goes。',
    },
    {
      type: single,
      difficulty: simple,
      stem: 'There ___ a book and two pens on the desk.',
      options: ['is', 'are', 'be', 'am'],
      answer: ['A'],
      analysis: 'there be 句型遵循“就近原则”，离 be 最近的主语是 a book（单数），故用 is。',
    },
    {
      type: single,
      difficulty: general,
      stem: 'By the time he arrived at the station, the train ___.',
      options: ['leaves', 'has left', 'had left', 'was leaving'],
      answer: ['C'],
      analysis: 'by the time 引导的从句用一般过去时，主句动作发生在“过去的过去”，用过去完成时 had left。',
    },
    {
      type: single,
      difficulty: general,
      stem: 'If I ___ you, I would accept the offer.',
      options: ['am', 'was', 'were', 'be'],
      answer: ['C'],
      analysis: '与现在事实相反的虚拟条件句，从句中 be 动词一律用 were。',
    },
    {
      type: single,
      difficulty: hard,
      stem: 'Not until he came back ___ the truth.',
      options: ['I knew', 'did I know', 'I did know', 'knew I'],
      answer: ['B'],
      analysis: 'Not until 置于句首时，主句用部分倒装：助动词 did 提到主语前，故为 did I know。',
    },
    {
      type: single,
      difficulty: general,
      stem: 'The word "abandon" is closest in meaning to ___.',
      options: ['give up', 'take up', 'pick up', 'set up'],
      answer: ['A'],
      analysis: 'abandon 意为“放弃、抛弃”，与 give up 同义；take up 开始从事，pick up 拾起，set up 建立。',
    },
    {
      type: multiple,
      difficulty: general,
      stem: '下列单词中，属于名词的有（ ）。',
      options: ['happiness', 'quickly', 'decision', 'beautiful'],
      answer: ['A', 'C'],
      analysis: '-ness、-sion 是常见的名词后缀；quickly 是副词，beautiful 是形容词。',
    },
    {
      type: multiple,
      difficulty: hard,
      stem: '下列句子中，语法正确的有（ ）。',
      options: [
        'He suggested that we should leave early.',
        'She is used to get up early.',
        'I look forward to hearing from you.',
        'He has gone to Beijing for three years.',
      ],
      answer: ['A', 'C'],
      analysis:
        'suggest 后的宾语从句用 (should) do；be used to 中的 to 是介词，应接 getting；look forward to 接动名词；go 是短暂性动词，不能与 for three years 连用，应改为 has been in Beijing。',
    },
    {
      type: judge,
      difficulty: simple,
      stem: '“information” 是不可数名词，没有复数形式。',
      answer: ['T'],
      analysis: 'information 为不可数名词，表示“一条信息”用 a piece of information。',
    },
    {
      type: judge,
      difficulty: general,
      stem: '“He has been to Shanghai.” 表示他现在人在上海。',
      answer: ['F'],
      analysis: 'has been to 表示“去过（已经回来）”；has gone to 才表示“去了（还没回来）”。',
    },
    {
      type: fill,
      difficulty: simple,
      stem: 'The plural form of "child" is ____.',
      answer: ['children'],
      analysis: 'child 的复数是不规则变化 children。',
    },
    {
      type: fill,
      difficulty: general,
      stem: 'I am interested ____ music.（填介词）',
      answer: ['in'],
      analysis: '固定搭配 be interested in，对……感兴趣。',
    },
    {
      type: fill,
      difficulty: hard,
      stem: 'He is the man ____ car was stolen yesterday.（填关系代词）',
      answer: ['whose'],
      analysis: '先行词 the man 与 car 是所属关系，定语从句用关系代词 whose。',
    },
    {
      type: short,
      difficulty: general,
      stem: '简述现在完成时的构成及两种主要用法，并各举一例。',
      answer: [
        '构成：have/has + 过去分词。用法一：表示过去发生的动作对现在造成的影响，如 I have finished my homework. 用法二：表示从过去持续到现在的动作或状态，常与 for/since 连用，如 She has lived here for ten years.',
      ],
      analysis: '答出构成得2分，每种用法及例句各得4分。',
    },
  ].map((q) => ({ ...q, chapter: '第一章 词汇与语法' })),
  // 第二章 阅读理解
  ...[
    {
      type: single,
      difficulty: simple,
      stem: `${PASSAGE}\nWhat does Tom do first after he gets up?`,
      options: ['He has breakfast.', 'He runs.', 'He takes the bus.', 'He goes to work.'],
      answer: ['B'],
      analysis: '原文 “He runs for half an hour and then has breakfast”，起床后先跑步。',
    },
    {
      type: single,
      difficulty: general,
      stem: `${PASSAGE}\nHow does Tom go to work?`,
      options: ['On foot.', 'By car.', 'By bus.', 'By bike.'],
      answer: ['C'],
      analysis: '原文 “he takes the bus to work”，即乘公交车上班。',
    },
    {
      type: judge,
      difficulty: simple,
      stem: `${PASSAGE}\nTom has breakfast alone.`,
      answer: ['F'],
      analysis: '原文 “has breakfast with his family”，他和家人一起吃早餐。',
    },
    {
      type: fill,
      difficulty: general,
      stem: `${PASSAGE}\nTom runs for ____ minutes every morning.（填数字）`,
      answer: ['30|thirty'],
      analysis: 'half an hour 即 30 分钟，写 30 或 thirty 均可。',
    },
    {
      type: multiple,
      difficulty: hard,
      stem: '阅读理解中判断作者态度时，应重点关注哪些信息？（ ）',
      options: ['带感情色彩的形容词和副词', 'however、but 等转折词之后的内容', '文章的总字数', '作者的评价性语句'],
      answer: ['A', 'B', 'D'],
      analysis: '作者态度体现在评价性词句中，转折之后往往是作者真正的观点；字数与态度无关。',
    },
    {
      type: single,
      difficulty: hard,
      stem: 'In the sentence "He was reluctant to leave his hometown", the word "reluctant" is closest in meaning to ___.',
      options: ['eager', 'unwilling', 'ready', 'proud'],
      answer: ['B'],
      analysis: 'reluctant 意为“不情愿的”，与 unwilling 同义；可由语境 leave his hometown 推断。',
    },
    {
      type: judge,
      difficulty: hard,
      stem: '阅读理解细节题的正确选项，往往是原文信息的同义改写，而不是原句照搬。',
      answer: ['T'],
      analysis: '命题人常用同义替换设置正确选项，原文照搬的选项反而要警惕是否偷换了概念。',
    },
    {
      type: short,
      difficulty: hard,
      stem: '用英语写一段不少于 50 词的短文，介绍你学习英语的方法（My Way of Learning English）。',
      answer: [
        'I learn English in several ways. First, I read an English article every day to enlarge my vocabulary. Second, I listen to English songs and news to improve my listening. Third, I keep a diary in English, which helps me use the words I have learned. Practice makes perfect.',
      ],
      analysis: '评分要点：切题、结构清楚（总分或分点）、语法与拼写正确、不少于50词。',
    },
  ].map((q) => ({ ...q, chapter: '第二章 阅读理解' })),
  {
    chapter: null,
    type: single,
    difficulty: general,
    stem: 'Which of the following words is a synonym of "large"?',
    options: ['tiny', 'big', 'narrow', 'short'],
    answer: ['B'],
    analysis: 'large 与 big 同义，意为“大的”。',
  },
]

const MATHS: DemoQuestion[] = [
  // 第一章 函数、极限与连续
  ...[
    {
      type: single,
      difficulty: simple,
      stem: '函数 f(x) = √(x − 1) 的定义域是（ ）。',
      options: ['(−∞, 1]', '[1, +∞)', '(1, +∞)', '(−∞, +∞)'],
      answer: ['B'],
      analysis: '偶次根式的被开方数非负：x − 1 ≥ 0，即 x ≥ 1。',
    },
    {
      type: single,
      difficulty: simple,
      stem: 'lim(x→∞) (2x + 1)/(x − 3) = （ ）。',
      options: ['0', '1', '2', '∞'],
      answer: ['C'],
      analysis: '分子分母同除以 x，极限为最高次项系数之比 2/1 = 2。',
    },
    {
      type: single,
      difficulty: general,
      stem: 'lim(x→0) sin 3x / x = （ ）。',
      options: ['0', '1', '3', '1/3'],
      answer: ['C'],
      analysis: 'sin 3x / x = 3 · sin 3x / (3x)，由重要极限 lim sin t / t = 1 得 3。',
    },
    {
      type: single,
      difficulty: general,
      stem: 'lim(x→∞) (1 + 1/x)^(2x) = （ ）。',
      options: ['e', 'e²', '2e', '1'],
      answer: ['B'],
      analysis: '(1 + 1/x)^(2x) = [(1 + 1/x)^x]²，由第二个重要极限得 e²。',
    },
    {
      type: single,
      difficulty: hard,
      stem: 'x = 0 是函数 f(x) = sin x / x 的（ ）。',
      options: ['可去间断点', '跳跃间断点', '无穷间断点', '连续点'],
      answer: ['A'],
      analysis: 'f 在 x = 0 处无定义但极限存在（等于1），故为可去间断点。',
    },
    {
      type: multiple,
      difficulty: general,
      stem: '当 x→0 时，下列无穷小中与 x 等价的有（ ）。',
      options: ['sin x', 'tan x', '1 − cos x', 'ln(1 + x)'],
      answer: ['A', 'B', 'D'],
      analysis: 'sin x ~ x，tan x ~ x，ln(1 + x) ~ x；而 1 − cos x ~ x²/2，是比 x 高阶的无穷小。',
    },
    {
      type: multiple,
      difficulty: hard,
      stem: '下列函数中，为奇函数的有（ ）。',
      options: ['y = x³', 'y = sin x', 'y = cos x', 'y = x·sin x'],
      answer: ['A', 'B'],
      analysis: 'f(−x) = −f(x) 为奇函数：x³ 与 sin x 是奇函数；cos x 与 x·sin x 是偶函数。',
    },
    {
      type: judge,
      difficulty: simple,
      stem: '有界函数与无穷小的乘积是无穷小。',
      answer: ['T'],
      analysis: '这是无穷小的性质之一，例如 lim(x→0) x·sin(1/x) = 0。',
    },
    {
      type: judge,
      difficulty: general,
      stem: '若 lim(x→x0) f(x) 存在，则 f(x) 在 x0 处一定连续。',
      answer: ['F'],
      analysis: '连续还要求 f(x0) 有定义且等于极限值；极限存在不能保证连续（如可去间断点）。',
    },
    {
      type: fill,
      difficulty: simple,
      stem: 'lim(x→2) (x² − 4)/(x − 2) = ____。',
      answer: ['4'],
      analysis: '约去公因式 x − 2，得 lim(x→2) (x + 2) = 4。',
    },
    {
      type: fill,
      difficulty: general,
      stem: '函数 f(x) = 1/(x − 1) 的间断点是 x = ____。',
      answer: ['1'],
      analysis: 'f 在 x = 1 处无定义，且极限为无穷，是无穷间断点。',
    },
    {
      type: short,
      difficulty: hard,
      stem: '证明：方程 x³ − 3x + 1 = 0 在区间 (0, 1) 内至少有一个实根。',
      answer: [
        '令 f(x) = x³ − 3x + 1，f 在 [0, 1] 上连续。f(0) = 1 > 0，f(1) = −1 < 0，由零点定理，存在 ξ ∈ (0, 1) 使 f(ξ) = 0，即方程在 (0, 1) 内至少有一个实根。',
      ],
      analysis: '构造函数并说明连续性得3分，计算端点函数值异号得4分，引用零点定理得出结论得3分。',
    },
  ].map((q) => ({ ...q, chapter: '第一章 函数、极限与连续' })),
  // 第二章 导数与微分
  ...[
    {
      type: single,
      difficulty: simple,
      stem: '(x³)′ = （ ）。',
      options: ['3x²', 'x²', '3x³', 'x⁴/4'],
      answer: ['A'],
      analysis: '幂函数求导公式 (xⁿ)′ = n·xⁿ⁻¹。',
    },
    {
      type: single,
      difficulty: general,
      stem: '设 y = e^(2x)，则 y′ = （ ）。',
      options: ['e^(2x)', '2e^(2x)', '2x·e^(2x)', 'e^x'],
      answer: ['B'],
      analysis: '复合函数求导：y′ = e^(2x) · (2x)′ = 2e^(2x)。',
    },
    {
      type: single,
      difficulty: hard,
      stem: '设 y = ln(sin x)，则 dy = （ ）。',
      options: ['cot x dx', 'tan x dx', '(1/sin x) dx', '−cot x dx'],
      answer: ['A'],
      analysis: 'y′ = (1/sin x) · cos x = cot x，故 dy = cot x dx。',
    },
    {
      type: multiple,
      difficulty: simple,
      stem: '下列求导公式正确的有（ ）。',
      options: ['(sin x)′ = cos x', '(cos x)′ = sin x', '(eˣ)′ = eˣ', '(ln x)′ = 1/x'],
      answer: ['A', 'C', 'D'],
      analysis: '(cos x)′ = −sin x，B 漏了负号。',
    },
    {
      type: multiple,
      difficulty: general,
      stem: '关于函数 f(x) = |x| 在 x = 0 处，下列说法正确的有（ ）。',
      options: ['连续', '可导', '左导数为 −1', '取得极小值'],
      answer: ['A', 'C', 'D'],
      analysis: '|x| 在 0 处连续；左导数 −1、右导数 1 不相等，故不可导；f(0) = 0 是最小值，也是极小值。',
    },
    {
      type: judge,
      difficulty: simple,
      stem: '函数在某点可导，则它在该点一定连续。',
      answer: ['T'],
      analysis: '可导必连续；反之不成立，如 |x| 在 x = 0 处连续但不可导。',
    },
    {
      type: judge,
      difficulty: hard,
      stem: '若 f′(x0) = 0，则 x0 一定是 f(x) 的极值点。',
      answer: ['F'],
      analysis: '导数为零只是驻点，如 f(x) = x³ 在 x = 0 处 f′(0) = 0，但 0 不是极值点。',
    },
    {
      type: fill,
      difficulty: general,
      stem: '曲线 y = x² 在点 (1, 1) 处的切线斜率为 ____。',
      answer: ['2'],
      analysis: 'y′ = 2x，在 x = 1 处 y′ = 2，即切线斜率。',
    },
    {
      type: fill,
      difficulty: hard,
      stem: '设 y = xˣ（x > 0），则 y′ = ____。',
      answer: ['xˣ(ln x + 1)|xˣ(1 + ln x)|x^x(ln x + 1)|x^x(1 + ln x)|x^x(lnx+1)|x^x(1+lnx)'],
      analysis: '取对数 ln y = x ln x，两边求导 y′/y = ln x + 1，故 y′ = xˣ(ln x + 1)。',
    },
    {
      type: short,
      difficulty: general,
      stem: '简述导数的几何意义，并求曲线 y = x³ 在 x = 1 处的切线方程。',
      answer: [
        'f′(x0) 是曲线 y = f(x) 在点 (x0, f(x0)) 处切线的斜率。y′ = 3x²，x = 1 时斜率为 3，切点 (1, 1)，切线方程 y − 1 = 3(x − 1)，即 y = 3x − 2。',
      ],
      analysis: '几何意义4分，求斜率3分，写出切线方程3分。',
    },
  ].map((q) => ({ ...q, chapter: '第二章 导数与微分' })),
  {
    chapter: null,
    type: fill,
    difficulty: simple,
    stem: '若 f(x) = 2x + 1，则 f(1) = ____。',
    answer: ['3'],
    analysis: '代入 x = 1：f(1) = 2 × 1 + 1 = 3。',
  },
]

/**
 * The demo bank (after the demo courses): questions of every type and difficulty for
 * 「大学英语（专升本）」 and 「高等数学（一）」, in their chapters. Only when neither has a question yet.
 */
export async function seedQuestionBankDemo({ db }: { db: Executor }): Promise<boolean> {
  const rows = await db
    .select({ id: coursesView.id, title: coursesView.title })
    .from(coursesView)
    .where(inArray(coursesView.title, [COURSES_DEMO.english, COURSES_DEMO.maths]))
  const repo = createQuestionBankRepository({ db })
  if (rows.length === 0 || (await repo.countOfCourses({ courseIds: rows.map((r) => r.id) })) > 0) return false
  for (const [title, demo] of [
    [COURSES_DEMO.english, ENGLISH],
    [COURSES_DEMO.maths, MATHS],
  ] as const) {
    const course = rows.find((r) => r.title === title)
    if (!course) continue
    const chapters = await repo.chapters({ courseId: course.id })
    await addQuestions({
      db,
      courseId: course.id,
      questions: demo.map(({ chapter, options, ...q }) => ({
        ...q,
        options: options?.map((text) => ({ text })),
        chapterId: chapter === null ? null : (chapters.find((c) => c.title === chapter)?.id ?? null),
      })),
    })
  }
  return true
}

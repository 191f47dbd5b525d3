import assert from 'node:assert/strict'
import { QuestionType } from '@activity/wire'
import { blankMatches, choiceKeys, foldAnswerText, isObjective, isUnanswered, judgeAnswer, normalizeAnswer, scoreAnswer } from './answers'

const q = (type: string, answer: string[], score = 10) => ({ type, answer, score })

describe('an answer as it goes on the wire and is kept', () => {
  test('多选题: "A,B", "AB", "a b", full-width "ＡＢ", "Ａ、Ｂ" and ["B","A"] are the same keys', () => {
    for (const given of [['A,B'], ['AB'], ['a b'], ['ＡＢ'], ['Ａ、Ｂ'], ['B', 'A'], ['b；a'], [' A ', 'B', 'A'], ['A|B'], ['A.B']])
      assert.deepEqual(normalizeAnswer(QuestionType.multiple, given), ['A', 'B'], JSON.stringify(given))
  })

  test('单选题 keeps every key given (two keys stay two, and are wrong); what is not a key stays too', () => {
    assert.deepEqual(normalizeAnswer(QuestionType.single, ['', 'b']), ['B'])
    assert.deepEqual(normalizeAnswer(QuestionType.single, ['AB']), ['A', 'B'])
    assert.deepEqual(choiceKeys(['选A']), ['A', '选'])
  })

  test('判断题: T/F and the words a person writes for them', () => {
    for (const given of ['T', 't', '对', '正确', '√', 'true', 'ＴＲＵＥ', '是'])
      assert.deepEqual(normalizeAnswer(QuestionType.judge, [given]), ['T'], given)
    for (const given of ['F', '错', '错误', '×', 'false', 'x', '否'])
      assert.deepEqual(normalizeAnswer(QuestionType.judge, [given]), ['F'], given)
    assert.deepEqual(normalizeAnswer(QuestionType.judge, ['A']), ['A'], 'not a judge word: kept, so it is refused or wrong')
  })

  test('填空题 one entry per blank, trimmed, places kept; 简答题 one trimmed text', () => {
    assert.deepEqual(normalizeAnswer(QuestionType.fill, [' x ', '']), ['x', ''])
    assert.deepEqual(normalizeAnswer(QuestionType.fill, ['', ' y']), ['', 'y'])
    assert.deepEqual(normalizeAnswer(QuestionType.short, [' 因为 ']), ['因为'])
    assert.deepEqual(normalizeAnswer(QuestionType.short, ['甲', ' ', '乙']), ['甲\n乙'])
  })

  test('nothing in it is unanswered, for every type', () => {
    for (const type of Object.values(QuestionType)) {
      assert.deepEqual(normalizeAnswer(type, []), [], type)
      assert.deepEqual(normalizeAnswer(type, ['', '  ', '　']), [], type)
    }
    assert.equal(isUnanswered(null), true)
    assert.equal(isUnanswered(['', 'y']), false)
  })

  test('normalising twice changes nothing', () => {
    const cases: Array<[string, string[]]> = [
      [QuestionType.multiple, ['ｃ，a']],
      [QuestionType.judge, ['对']],
      [QuestionType.fill, [' 1 ', '']],
      [QuestionType.short, [' 文字 ']],
    ]
    for (const [type, given] of cases) {
      const once = normalizeAnswer(type, given)
      assert.deepEqual(normalizeAnswer(type, once), once, type)
    }
  })
})

describe('right or wrong, and the points', () => {
  test('单选题 and 判断题: the one key in full, anything else 0', () => {
    assert.deepEqual(scoreAnswer(q(QuestionType.single, ['B']), [' b ']), { correct: true, earned: 10 })
    assert.deepEqual(scoreAnswer(q(QuestionType.single, ['B']), ['Ｂ']), { correct: true, earned: 10 })
    assert.deepEqual(scoreAnswer(q(QuestionType.single, ['B']), ['A']), { correct: false, earned: 0 })
    assert.deepEqual(scoreAnswer(q(QuestionType.single, ['B']), ['A', 'B']), { correct: false, earned: 0 })
    assert.deepEqual(scoreAnswer(q(QuestionType.judge, ['T']), ['对']), { correct: true, earned: 10 })
    assert.deepEqual(scoreAnswer(q(QuestionType.judge, ['T']), ['F']), { correct: false, earned: 0 })
    assert.deepEqual(scoreAnswer(q(QuestionType.judge, ['T']), ['T', 'F']), { correct: false, earned: 0 })
  })

  test('多选题: exact is full whatever the spelling; 少选 without a wrong key is half (floor) and wrong; a wrong key is 0', () => {
    const m = q(QuestionType.multiple, ['A', 'C', 'D'], 5)
    for (const given of [['D', 'C', 'A'], ['ACD'], ['a,c,d'], ['ＡＣＤ'], ['a c d']])
      assert.deepEqual(scoreAnswer(m, given), { correct: true, earned: 5 }, JSON.stringify(given))
    assert.deepEqual(scoreAnswer(m, ['AC']), { correct: false, earned: 2 })
    assert.deepEqual(scoreAnswer(m, ['a']), { correct: false, earned: 2 })
    assert.deepEqual(scoreAnswer(m, ['A', 'B']), { correct: false, earned: 0 })
    assert.deepEqual(scoreAnswer(m, ['ABCD']), { correct: false, earned: 0 })
    assert.deepEqual(scoreAnswer(q(QuestionType.multiple, []), ['A']), { correct: false, earned: 0 }, 'a bank entry with no keys')
  })

  test('填空题: every blank right is right; points for each right blank (floor); width, case, spacing and | alternatives', () => {
    const f = q(QuestionType.fill, ['Paris|巴黎', 'x+1', '3'], 10)
    assert.deepEqual(scoreAnswer(f, [' ＰＡＲＩＳ ', 'X+1', '３']), { correct: true, earned: 10 })
    assert.deepEqual(scoreAnswer(f, ['巴黎', 'x+2', '']), { correct: false, earned: 3 })
    assert.deepEqual(scoreAnswer(f, ['巴黎', 'x＋1', 'nope']), { correct: false, earned: 6 })
    assert.deepEqual(scoreAnswer(f, ['巴黎']), { correct: false, earned: 3 }, 'blanks left out')
    assert.equal(blankMatches('new york', 'New   York'), true)
    assert.equal(blankMatches('a||b', ''), false)
    assert.equal(blankMatches('a||b', ' '), false)
    assert.equal(foldAnswerText('ＡＢＣ　ｄ'), 'abc d')
  })

  test('unanswered is wrong and 0; an answered 简答题 waits for a person', () => {
    assert.deepEqual(scoreAnswer(q(QuestionType.multiple, ['A', 'B']), []), { correct: false, earned: 0 })
    assert.deepEqual(scoreAnswer(q(QuestionType.fill, ['a', 'b']), ['', ' ']), { correct: false, earned: 0 })
    assert.deepEqual(scoreAnswer(q(QuestionType.short, ['参考']), null), { correct: false, earned: 0 })
    assert.deepEqual(scoreAnswer(q(QuestionType.short, ['参考']), ['我的回答']), { correct: null, earned: null })
    assert.deepEqual(
      Object.values(QuestionType).filter((type) => !isObjective(type)),
      [QuestionType.short],
    )
  })

  test('judgeAnswer is the verdict of scoreAnswer, for every type', () => {
    const cases: Array<[string, string[], string[]]> = [
      [QuestionType.single, ['B'], ['b']],
      [QuestionType.multiple, ['A', 'C'], ['A']],
      [QuestionType.multiple, ['A', 'C'], ['ＣＡ']],
      [QuestionType.judge, ['F'], ['错']],
      [QuestionType.fill, ['1', '2x'], ['1', '2X']],
      [QuestionType.short, ['参考'], ['回答']],
      [QuestionType.short, ['参考'], []],
    ]
    for (const [type, answer, given] of cases)
      assert.equal(judgeAnswer({ type, answer }, given), scoreAnswer(q(type, answer), given).correct, `${type} ${JSON.stringify(given)}`)
  })
})

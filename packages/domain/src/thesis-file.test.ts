import assert from 'node:assert/strict'
import { THESIS_FILE_MAX_BYTES, fileExtension, thesisFileProblem } from './thesis-file'

describe('the thesis file check', () => {
  test('a PDF or Word file of at most 20 MB passes, whatever the case of its extension', () => {
    for (const name of ['论文.pdf', '开题报告.DOC', 'draft.v2.docx']) assert.equal(thesisFileProblem({ name, bytes: 1024 }), null)
    assert.equal(thesisFileProblem({ name: '定稿.pdf', bytes: THESIS_FILE_MAX_BYTES }), null)
  })

  test('another type is refused before its size, in the server’s words', () => {
    assert.equal(thesisFileProblem({ name: '论文.zip', bytes: THESIS_FILE_MAX_BYTES * 2 }), '请上传 PDF 或 Word 文件')
    assert.equal(thesisFileProblem({ name: 'pdf', bytes: 10 }), '请上传 PDF 或 Word 文件')
    assert.equal(thesisFileProblem({ name: '论文.pdf', bytes: THESIS_FILE_MAX_BYTES + 1 }), '文件不能超过20MB')
    assert.equal(thesisFileProblem({ name: '论文.pdf', bytes: 0 }), '文件是空的，请重新选择')
  })

  test('the extension is the last name’s, after its last dot', () => {
    assert.equal(fileExtension('wxfile://tmp/a.b/论文.PDF'), 'pdf')
    assert.equal(fileExtension('.docx'), '')
    assert.equal(fileExtension('readme'), '')
  })
})

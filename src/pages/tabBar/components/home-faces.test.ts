import { PartnerStatus } from '@activity/wire'
import type { Person, UserInfo } from '../../../session/types'
import { batchLabel, faceShown, facesOf, majorWithLevel } from './home-faces'

const partnerUser: UserInfo = {
  id: 5,
  phone: '138****0000',
  nickname: '合伙人',
  avatar: null,
  school: '',
  major: '',
  discipline: '',
  status: PartnerStatus.active,
}
const studentUser: UserInfo = { id: 9, phone: '139****0000', nickname: '学员', avatar: null, school: '', major: '', discipline: '' }
const person = (profiles: Person['profiles']): Person => ({ accountId: 9, profiles, partner: null, student: null })

describe("home's parts", () => {
  it('a signed-out visitor holds none (the public entrance)', () => {
    expect(facesOf(undefined, null)).toEqual([])
  })

  it("shows a stored partner their part before the person answers, and waits for anyone else's", () => {
    expect(facesOf(undefined, partnerUser)).toEqual(['partner'])
    expect(facesOf(undefined, studentUser)).toEqual([])
  })

  it('lists the profiles the person holds, student first (the switch reads 学员 | 合伙人)', () => {
    expect(facesOf(person(['partner', 'student']), partnerUser)).toEqual(['student', 'partner'])
    expect(facesOf(person(['student']), studentUser)).toEqual(['student'])
  })

  it("shows the remembered part while the person still holds it, else a both-profile person's partner part", () => {
    expect(faceShown(['student', 'partner'], undefined)).toBe('partner')
    expect(faceShown(['student', 'partner'], 'student')).toBe('student')
    expect(faceShown(['partner'], 'student')).toBe('partner')
    expect(faceShown(['student'], undefined)).toBe('student')
    expect(faceShown([], 'student')).toBeNull()
  })

  it('writes the major with its level and the batch as people say them', () => {
    expect(majorWithLevel({ major: '会计学', level: '本科' })).toBe('会计学（本科）')
    expect(batchLabel({ batchYear: 2026, batch: 1 })).toBe('2026年1期')
  })
})

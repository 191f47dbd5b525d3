import { z } from 'zod'

export const headTeacherHomeSchema = z.object({
  classes: z
    .array(z.object({ id: z.number(), name: z.string(), studentCount: z.number() }))
    .describe('the classes I head; their rosters: the student list with classId'),
  waitingApprovals: z.number().describe('approvals waiting for me (the badge)'),
  onLeaveToday: z.array(
    z.object({
      leaveId: z.number(),
      studentId: z.number(),
      name: z.string(),
      className: z.string().nullable(),
      type: z.string(),
      startDate: z.string(),
      startHalf: z.string(),
      endDate: z.string(),
      endHalf: z.string(),
      daysText: z.string(),
    }),
  ),
  notices: z.array(
    z.object({
      id: z.number(),
      title: z.string(),
      publishedAt: z.string().nullable(),
      audience: z.number().describe('how many of my students it addresses'),
      read: z.number().describe('how many of them opened it'),
    }),
  ),
})

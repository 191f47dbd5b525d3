/**
 * An add-or-change dialog of one named thing (档位, 商品, 积分途径…), given the record when it
 * changes one: the wording of its title and success message, and which call it makes.
 *
 *   <SubmitModalForm {...recordTexts('档位', tier)} onSubmit={(v) => saveRecord(tier, toInput(v), levelsApi.create, levelsApi.update)} …>
 */

/** 新增档位 / 档位已新增, or 修改档位「青铜」 / 档位已修改: SubmitModalForm's `title` and `success`. */
export function recordTexts(noun: string, record: { name: string } | undefined): { title: string; success: string } {
  return record ? { title: `修改${noun}「${record.name}」`, success: `${noun}已修改` } : { title: `新增${noun}`, success: `${noun}已新增` }
}

/** Changes the record when there is one (its id with the input), else adds the input. */
export function saveRecord<I, R>(
  record: { id: number } | undefined,
  input: I,
  create: (input: I) => Promise<R>,
  update: (body: I & { id: number }) => Promise<R>,
): Promise<R> {
  return record ? update({ id: record.id, ...input }) : create(input)
}

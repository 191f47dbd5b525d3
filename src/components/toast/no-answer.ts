import { RequestError } from '../../request'
import { useStore } from '../../store'

/** What a form says when its call got no answer (offline, a dropped connection, a time-out). */
export const NO_ANSWER_TEXT = '网络异常，请检查网络后重试'

/**
 * The request wrapper rejects silently when no answer came (SPEC.md section 8): right for a
 * load, whose screen shows its own failure state, but a person who pressed 保存 or 提交 must
 * hear that it did not go through. Forms call this in their catch; a refusal or an expired
 * session has already been dealt with by the wrapper, so only a missing answer is told here.
 */
export function toastIfNoAnswer(err: unknown): void {
  if (err instanceof RequestError && err.kind === 'network') useStore.getState().showToast(NO_ANSWER_TEXT)
}

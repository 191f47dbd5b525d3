import { useEffect, useReducer, useRef, type Dispatch } from 'react'
import { finance, type OrderPayState } from '../api/fms/finance'
import { RequestError } from '../request'
import { logger } from '../utils/logger'
import { INITIAL_PAY_STATE, POLL_LIMIT_MS, canPay, payReducer, pollDelay, shouldPoll, type PayEvent, type PayState } from './pay-flow'
import { PAY_CHANNEL, payWithPlatform } from './platform-pay'

export interface Payment {
  /** Where the order's payment stands (pay-flow.ts); the page feeds it `loaded` / `loadFailed` as it loads the order. */
  state: PayState
  dispatch: Dispatch<PayEvent>
  /** The pay button: payFee with this platform's channel, then the platform's pay sheet. */
  pay: () => Promise<void>
}

/**
 * An order's payment, for the pay page and a fee order's detail: the pay-flow state, the pay
 * action, and the payStatus polling while the server may still be told the outcome (after the
 * platform's sheet, until 支付成功 or 支付失败, or POLL_LIMIT_MS). `onPolled` hears each answer.
 */
export function usePayment(id: number | null, onPolled: (status: OrderPayState) => void): Payment {
  const [state, dispatch] = useReducer(payReducer, INITIAL_PAY_STATE)
  const mounted = useRef(true)
  useEffect(
    () => () => {
      mounted.current = false
    },
    [],
  )
  const onPolledRef = useRef(onPolled)
  onPolledRef.current = onPolled

  const polling = shouldPoll(state)
  useEffect(() => {
    if (!polling || id === null) return
    let active = true
    let timer: ReturnType<typeof setTimeout> | undefined
    const started = Date.now()
    const poll = (attempt: number) => {
      timer = setTimeout(async () => {
        try {
          const { data } = await finance.order.payStatus({ id })
          if (!active) return
          dispatch({ type: 'polled', payStatus: data.payStatus, failReason: data.failReason })
          onPolledRef.current(data)
        } catch (err) {
          // A refusal was shown by the wrapper (a lost session goes to login): stop. Offline: keep trying.
          if (!active) return
          if (err instanceof RequestError && err.kind !== 'network') {
            dispatch({ type: 'pollGaveUp' })
            return
          }
        }
        if (!active) return
        if (Date.now() - started >= POLL_LIMIT_MS) dispatch({ type: 'pollGaveUp' })
        else poll(attempt + 1)
      }, pollDelay(attempt))
    }
    poll(0)
    return () => {
      active = false
      clearTimeout(timer)
    }
  }, [polling, id])

  const pay = async () => {
    if (id === null || !PAY_CHANNEL || !canPay(state)) return
    dispatch({ type: 'payPressed' })
    let params
    try {
      params = (await finance.order.payFee({ id, channel: PAY_CHANNEL }, { loadingTitle: '正在下单' })).data
    } catch {
      // The wrapper has shown why (already paid, no WeChat login, ...).
      if (mounted.current) dispatch({ type: 'payNotStarted' })
      return
    }
    // The sandbox provider completes the payment itself: there is no platform sheet to show.
    if (params.provider === 'sandbox') {
      dispatch({ type: 'platformOk' })
      return
    }
    const result = await payWithPlatform(params)
    logger.info('platform pay call returned', result)
    if (!mounted.current) return
    if (result.kind === 'ok') dispatch({ type: 'platformOk' })
    else if (result.kind === 'cancelled') dispatch({ type: 'platformCancelled' })
    else dispatch({ type: 'platformFailed', reason: result.reason })
  }

  return { state, dispatch, pay }
}

/** The server's refusal above a long form, brought into view when it appears (the submit button may be far below). */
import { Alert } from 'antd'
import { useEffect, useRef } from 'react'

export function RefusalAlert({ message }: { message: string | undefined }) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (message) box.current?.scrollIntoView({ block: 'center', behavior: 'smooth' })
  }, [message])
  if (!message) return null
  return (
    <div ref={box} className='console-gap-bottom'>
      <Alert role='alert' type='error' showIcon message={message} />
    </div>
  )
}

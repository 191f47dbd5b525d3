/**
 * The frame's shell (console.css): the side menu's place and the school's name, drawn where the
 * frame (layout/ConsoleLayout.tsx) draws them. index.html shows the same from the first paint; this
 * keeps it while the frame's script loads and the session is read, instead of a blank page and a
 * spinner.
 */
import { useSchoolName } from '../school'

export function FrameShell() {
  const school = useSchoolName()
  return (
    <div className='console-shell' aria-busy='true'>
      <div className='console-shell__sider'>
        <h1 className='console-shell__name'>{school}</h1>
      </div>
    </div>
  )
}

import 'virtual:antd-styles.css'
import { startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { ConsoleApp } from './App'

const root = document.getElementById('root')
// A transition: React renders the console in slices and lets the browser paint and answer input
// between them, instead of one long task.
if (root) startTransition(() => createRoot(root).render(<ConsoleApp />))

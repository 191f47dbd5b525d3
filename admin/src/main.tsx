import { createRoot } from 'react-dom/client'
import { ConsoleApp } from './App'

const root = document.getElementById('root')
if (root) createRoot(root).render(<ConsoleApp />)

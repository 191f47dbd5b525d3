import { defineConfig } from 'drizzle-kit'

// Generate migrations with: cd server && npx drizzle-kit generate
// The app applies them itself at start (never from a second process).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
})

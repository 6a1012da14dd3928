import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` writes the SQL migrations the server runs at every start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/src/db/schema.ts',
  out: './server/drizzle',
});

import { defineConfig } from "prisma/config";

// The CLI is only used for `generate` here (its schema engine cannot be downloaded);
// migrations run through scripts/db.ts. The URL is for anyone with the native engine.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/afterglow" },
});

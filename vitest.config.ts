import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Vitest's default is one worker per core minus one: one on a 2-core machine, where most test
    // files wait on PostgreSQL, HTTP and worker threads. Three keep both cores busy (measured on
    // the whole suite: 4 workers 362 s where CI's single worker took 594 s).
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: "contracts",
          root: "packages/contracts",
          include: ["src/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "server",
          root: "apps/server",
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          environment: "node",
          globalSetup: ["./test/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: "forks",
        },
      },
      "apps/web/vitest.config.ts",
      "apps/web/vitest.isolated.config.ts",
    ],
  },
});

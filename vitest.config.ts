import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Server test files that keep a module graph (and a process) of their own. */
const SERVER_ISOLATED = [
  "test/crash.test.ts",
  "test/files-crash.test.ts",
  "test/hostile-uploads.test.ts",
  "test/drain.test.ts",
  "test/multi-instance.test.ts",
];

/**
 * The longest files, longest first (seconds in CI's last run, stop 47): each begins at the start,
 * beside the queue of short ones, instead of where its project falls in vitest's queue. Vitest
 * queues projects by name (contracts, server, server-isolated, web, …): the crash test began at
 * about 310 s of CI's 520 s and ran on alone for its last 100 s; with it first, the other isolated
 * files still began at 360 s and three of them ran nearly alone until 460 s (of 477 s). Started
 * early they overlap the short files, and the short files fill the end.
 */
const LONGEST_FIRST = [
  "test/crash.test.ts", // 184 s
  "test/files-crash.test.ts", // 69 s
  "src/ai/tools/run-code-python.test.ts", // 60 s
  "test/hostile-uploads.test.ts", // 54 s
  "src/ai/tools/run-code.test.ts", // 50 s
  "src/modules/files/files-fair.test.ts", // 41 s
  "src/modules/extraction/extraction.test.ts", // 27–50 s on a loaded machine (three PDFs uploaded)
  "test/multi-instance.test.ts", // 34 s
  "test/backup.test.ts", // 33 s
  "test/authz-matrix.test.ts", // 20 s, more with the extraction and NexDocs rows
  "test/drain.test.ts", // 25 s
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const at = LONGEST_FIRST.findIndex((name) => file.moduleId.endsWith(`apps/server/${name}`));
      return at === -1 ? LONGEST_FIRST.length : at;
    };
    // Array.prototype.sort is stable: the rest keeps the base order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
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
          // VITEST_SERVER_EXCLUDE (comma-separated globs): files a second pass leaves out (the CLI's
          // --exclude does not reach a project's own list).
          exclude: [
            ...SERVER_ISOLATED,
            ...(process.env.VITEST_SERVER_EXCLUDE?.split(",").filter(Boolean) ?? []),
          ],
          environment: "node",
          globalSetup: ["./test/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: "forks",
          // The files of a worker share one module graph: the server's modules (Hono, Drizzle, the
          // AI SDK, …) are imported once per worker instead of once per file. Each file still has
          // its own database (test/db.ts clones the template). The whole project (910 tests) on
          // the shared 2-core machine at load 12–37: isolated 1,405 s wall, 765 s CPU, imports
          // 1,115 s summed; shared 653 s wall, 547 s CPU, imports 84 s. Failures under that load:
          // isolated 6 (timeouts, the crash files among them), shared 2 (only the crash files,
          // which keep the isolated config below).
          isolate: false,
        },
      },
      {
        // Files that start and SIGKILL server processes, in a fork of their own each as before.
        test: {
          name: "server-isolated",
          root: "apps/server",
          include: SERVER_ISOLATED,
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

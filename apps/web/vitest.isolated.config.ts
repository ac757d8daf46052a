import { defineConfig } from "vitest/config";
import { base, ISOLATED } from "./vitest.config.ts";

/** The web test files that need a fresh module graph each (see ISOLATED in vitest.config.ts). */
export default defineConfig({
  ...base,
  test: {
    name: "web-isolated",
    environment: "jsdom",
    include: ISOLATED,
    setupFiles: ["./src/test/setup.ts"],
  },
});

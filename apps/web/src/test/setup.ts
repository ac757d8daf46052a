import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// findBy… and waitFor give up after 1 s by default: on this 2-core machine, with the whole suite
// running, a render or a fetch of the fake server can take longer. A bound, not a timing assertion.
configure({ asyncUtilTimeout: 8_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

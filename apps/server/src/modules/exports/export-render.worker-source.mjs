// The export renderer's worker when the server runs from source (tsx, tests): TypeScript loads
// through tsx in this thread too (a worker does not inherit the parent's `--import tsx` hooks on
// Node 20).
import { register } from "tsx/esm/api";

register();
await import("./export-render.worker.ts");

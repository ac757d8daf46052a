// The Python run-code worker when the server runs from source (tsx, tests): TypeScript loads
// through tsx in this thread too (a worker does not inherit the parent's `--import tsx` hooks).
import { register } from "tsx/esm/api";

register();
await import("./run-python.worker.ts");

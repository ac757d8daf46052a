// The parse child when the server runs from source (tsx, tests): the child is a plain `node`
// without the parent's `--import tsx`, so TypeScript loads through tsx's API here.
import { register } from "tsx/esm/api";

register();
await import("./parse.child.ts");

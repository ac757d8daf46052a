// Its own module, imported when a file's events are followed (file-events.ts): zod's chunk stays
// out of the app's first load.
export { fileEventSchema } from "@nexus/contracts";

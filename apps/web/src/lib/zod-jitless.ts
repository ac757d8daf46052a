// Zod compiles object parsers with `new Function` unless told not to, and probes for it even when
// that fails. Our CSP (script-src 'self') forbids eval, so the probe is reported as a violation and
// logged as a console error. Zod keeps its configuration on this global (zod/v4/core/core.js) and
// keeps what it finds there; setting it here, before any schema exists, keeps the landing page
// free of the zod chunk. zod-jitless.test.ts checks that zod still reads it.
// Set on the object in place: the bundle may evaluate the zod chunk before this code (a chunk the
// entry imports statically runs first), and zod then holds the object it made; replacing it would
// leave zod's copy without the flag (its eval probe then ran, and the CSP reported it).
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};

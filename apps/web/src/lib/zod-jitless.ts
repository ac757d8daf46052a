// Zod compiles object parsers with `new Function` unless told not to, and probes for it even when
// that fails. Our CSP (script-src 'self') forbids eval, so the probe is reported as a violation and
// logged as a console error. Zod keeps its configuration on this global (zod/v4/core/core.js) and
// keeps what it finds there; setting it here, before any schema exists, keeps the landing page
// free of the zod chunk. zod-jitless.test.ts checks that zod still reads it.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};

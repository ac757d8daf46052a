/** Types of check-layers.mjs for TypeScript callers (tests). */
export function report(root: string, args?: string[]): { code: number; out: string };

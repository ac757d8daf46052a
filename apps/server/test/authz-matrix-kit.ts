/**
 * The authorization matrix's vocabulary (authz-matrix.test.ts, gate G2): who asks, what each
 * actor is expected to get, and a route's row.
 */
export type Actor = "owner" | "other" | "anonA" | "anonB" | "none" | "deleted";
export type Expect = Record<Actor, number>;

/** Every actor the same. */
export const all = (status: number): Expect => ({
  owner: status,
  other: status,
  anonA: status,
  anonB: status,
  none: status,
  deleted: status,
});

/** The owner's only: another person gets the missing thing's 404, the signed-out 401. */
export const ownerOnly = (ok: number): Expect => ({
  owner: ok,
  other: 404,
  anonA: 401,
  anonB: 401,
  none: 401,
  deleted: 401,
});

/** Anyone signed in. */
export const signedIn = (ok: number): Expect => ({ ...ownerOnly(ok), other: ok });

export interface Row {
  body?: unknown;
  /** A body made from the seeded ids instead (a bulk delete names its threads in its body). */
  bodyFor?: (ids: Record<string, string>) => unknown;
  /** A multipart upload body (built per request) instead of `body`. */
  form?: () => FormData;
  query?: string;
  expect: Expect;
  /** Destroys the owner's session or account: run with a fresh owner, after the others. */
  destructive?: boolean;
  /** Seeds what one request consumes for its owner; returns path ids that replace the shared ones. */
  seed?: (ownerId: string) => Promise<Record<string, string>>;
}

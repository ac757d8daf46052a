import type { MeResponse, Tier } from "@nexus/contracts";

/** GET /api/me for a signed-in person (Ada Lovelace) on `tier`: the screens' tests' session. */
export function signedInAs(tier: Exclude<Tier, "anonymous">): MeResponse {
  return {
    user: {
      id: "u1",
      name: "Ada Lovelace",
      email: "ada@acme.com",
      photoURL: null,
      orgName: "Acme",
      orgID: "",
      tier,
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-01T00:00:00.000Z",
    },
    tier,
    isSuperAdmin: false,
  };
}

/** The same on the free tier. */
export const SIGNED_IN: MeResponse = signedInAs("free");

import type { MeResponse } from "@nexus/contracts";

/** GET /api/me for a signed-in person on the free tier (Ada Lovelace): the screens' tests' session. */
export const SIGNED_IN: MeResponse = {
  user: {
    id: "u1",
    name: "Ada Lovelace",
    email: "ada@acme.com",
    photoURL: null,
    orgName: "Acme",
    orgID: "",
    tier: "free",
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
  },
  tier: "free",
  isSuperAdmin: false,
};

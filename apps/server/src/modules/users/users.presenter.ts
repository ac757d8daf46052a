import type { UserProfile } from "@nexus/contracts";
import type { SessionUser } from "../../deps.ts";

/** Row → contract: the only way a user leaves the server. */
export function presentProfile(row: SessionUser): UserProfile {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    photoURL: row.photoUrl,
    orgName: row.orgName,
    orgID: row.orgId,
    tier: row.tier,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

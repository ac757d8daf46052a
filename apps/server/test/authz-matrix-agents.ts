import { all, ownerOnly, type Row } from "./authz-matrix-kit.ts";
import { CUSTOM_AGENT } from "./authz-matrix-seeds.ts";

/** G2 rows for the agents: the preset catalogue and chat, and custom agents with their share links. */
export function agentMatrixRows(
  seedCustomAgent: (ownerId: string) => Promise<Record<string, string>>,
): Record<string, Row> {
  return {
    "GET /api/agents": { expect: { ...ownerOnly(200), other: 200 } },
    "POST /api/agents/:agentId/chat": {
      body: { messages: [{ role: "user", parts: [{ type: "text", text: "What is Nexus?" }] }] },
      expect: { ...ownerOnly(200), other: 200 },
    },
    "GET /api/custom-agents": { expect: { ...ownerOnly(200), other: 200 } },
    "POST /api/custom-agents": { body: CUSTOM_AGENT, expect: { ...ownerOnly(201), other: 201 } },
    "POST /api/custom-agents/import": {
      body: { format: "nexus-custom-agent", version: 1, agent: CUSTOM_AGENT },
      expect: { ...ownerOnly(201), other: 201 },
    },
    // A share link's card: public, for whoever holds the link (signed in or not).
    "GET /api/custom-agents/shared/:token/preview": { expect: all(200), seed: seedCustomAgent },
    // Opening a share link grants the agent to whoever is signed in (a fresh agent per request).
    "POST /api/custom-agents/shared/:token": {
      expect: { ...ownerOnly(200), other: 200 },
      seed: seedCustomAgent,
    },
    "GET /api/custom-agents/:id": { expect: ownerOnly(200) },
    "PUT /api/custom-agents/:id": { body: CUSTOM_AGENT, expect: ownerOnly(200) },
    "DELETE /api/custom-agents/:id": { expect: ownerOnly(204), seed: seedCustomAgent },
    "POST /api/custom-agents/:id/duplicate": { expect: ownerOnly(201) },
    "POST /api/custom-agents/:id/share": { expect: ownerOnly(200) },
    "DELETE /api/custom-agents/:id/share": { expect: ownerOnly(200), seed: seedCustomAgent },
    "GET /api/custom-agents/:id/export": { expect: ownerOnly(200) },
    // The matrix's server has no model: the owner gets past authorization to "needs a model".
    "POST /api/custom-agents/:id/chat": {
      body: { messages: [{ role: "user", parts: [{ type: "text", text: "Hello" }] }] },
      expect: ownerOnly(409),
    },
  };
}

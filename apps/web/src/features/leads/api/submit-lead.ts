import type { LeadReceived, LeadRequest } from "@nexus/contracts";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client.ts";

/** POST /api/leads: the book-a-demo form (202 when received). */
export function submitLead(body: LeadRequest): Promise<LeadReceived> {
  return apiRequest<LeadReceived>("/leads", { method: "POST", body });
}

export function useSubmitLead() {
  return useMutation({ mutationFn: submitLead });
}

import type { AdminLead, LeadStatus } from "@nexus/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client.ts";
import { adminKeys } from "./admin-keys.ts";

/** PATCH /api/admin/leads/:leadId {status}: only the pipeline's next steps are accepted. */
export function updateLeadStatus(leadId: string, status: LeadStatus): Promise<AdminLead> {
  return apiRequest<AdminLead>(`/admin/leads/${encodeURIComponent(leadId)}`, {
    method: "PATCH",
    body: { status },
  });
}

export function useUpdateLeadStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { leadId: string; status: LeadStatus }) =>
      updateLeadStatus(input.leadId, input.status),
    onSuccess: (lead) => {
      queryClient.setQueryData(adminKeys.lead(lead.id), lead);
      void queryClient.invalidateQueries({ queryKey: adminKeys.leads() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.usage() });
    },
  });
}

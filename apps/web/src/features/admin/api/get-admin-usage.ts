import type { AdminUsage } from "@nexus/contracts";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client.ts";
import { adminKeys } from "./admin-keys.ts";

/** GET /api/admin/usage: this period's totals. */
export function useAdminUsage() {
  return useQuery({
    queryKey: adminKeys.usage(),
    queryFn: ({ signal }) => apiRequest<AdminUsage>("/admin/usage", { signal }),
  });
}

import type { AdminLead, AdminLeadPage } from "@nexus/contracts";
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from "@tanstack/react-query";
import { API_BASE_URL } from "@/config/env.ts";
import { apiRequest } from "@/lib/api-client.ts";
import { adminKeys, queryString } from "./admin-keys.ts";

export interface LeadFilter {
  status: string;
  q: string;
}

/** GET /api/admin/leads: newest first, 50 a page, keyset cursor. */
export function getLeads(
  filter: LeadFilter,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AdminLeadPage> {
  const search = queryString({ status: filter.status, q: filter.q, cursor });
  return apiRequest<AdminLeadPage>(`/admin/leads${search}`, signal ? { signal } : {});
}

export function leadsQueryOptions(filter: LeadFilter) {
  return infiniteQueryOptions({
    queryKey: adminKeys.leadList(filter),
    queryFn: ({ pageParam, signal }) => getLeads(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // A new filter keeps the rows on screen until its answer arrives (no flash, no lost click).
    placeholderData: keepPreviousData,
  });
}

export function useLeads(filter: LeadFilter) {
  return useInfiniteQuery(leadsQueryOptions(filter));
}

/** GET /api/admin/leads/:leadId (a lead opened from a link). */
export function useLead(leadId: string | null) {
  return useQuery({
    ...queryOptions({
      queryKey: adminKeys.lead(leadId ?? ""),
      queryFn: ({ signal }) =>
        apiRequest<AdminLead>(`/admin/leads/${encodeURIComponent(leadId ?? "")}`, { signal }),
    }),
    enabled: leadId !== null,
  });
}

/** The CSV download of the leads the filter shows (a plain link: the browser saves it). */
export function leadsCsvHref(filter: LeadFilter): string {
  return `${API_BASE_URL}/admin/leads.csv${queryString({ status: filter.status, q: filter.q })}`;
}

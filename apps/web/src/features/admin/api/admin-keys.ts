/** Query keys of the admin area (all under "admin", dropped with the rest on sign-out). */
export const adminKeys = {
  all: ["admin"] as const,
  leads: () => [...adminKeys.all, "leads"] as const,
  leadList: (filter: { status: string; q: string }) =>
    [...adminKeys.leads(), "list", filter] as const,
  lead: (leadId: string) => [...adminKeys.leads(), "one", leadId] as const,
  feedback: (filter: { rating: string; type: string }) =>
    [...adminKeys.all, "feedback", filter] as const,
  users: () => [...adminKeys.all, "users"] as const,
  userList: (q: string) => [...adminKeys.users(), q] as const,
  usage: () => [...adminKeys.all, "usage"] as const,
};

/** `?a=1&b=2` from the non-empty entries, or "". */
export function queryString(params: Record<string, string | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : "";
}

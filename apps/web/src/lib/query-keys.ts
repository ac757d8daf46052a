/**
 * Query keys that more than one feature reads or invalidates (one place, no literal keys): a
 * finished agent reply refreshes the history lists the sidebar shows, for instance.
 */
export const historyKeys = {
  all: ["history"] as const,
  lists: () => [...historyKeys.all, "list"] as const,
  list: (q: string) => [...historyKeys.lists(), q] as const,
};

/** NexDocs' query keys (read by this feature only). */
export const nexdocsKeys = {
  all: ["nexdocs"] as const,
  lists: () => [...nexdocsKeys.all, "list"] as const,
  list: (q: string) => [...nexdocsKeys.lists(), q] as const,
  one: (id: string) => [...nexdocsKeys.all, "one", id] as const,
  versions: (id: string) => [...nexdocsKeys.all, "versions", id] as const,
};

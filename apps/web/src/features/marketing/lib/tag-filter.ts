/** Every tag of the posts (case-insensitively, spelled as first seen), most used first. */
export function tagsOf(posts: ReadonlyArray<{ tags: readonly string[] }>): string[] {
  const counts = new Map<string, { tag: string; count: number }>();
  for (const post of posts)
    for (const tag of post.tags) {
      const entry = counts.get(tag.toLowerCase()) ?? { tag, count: 0 };
      entry.count++;
      counts.set(tag.toLowerCase(), entry);
    }
  return [...counts.values()]
    .sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag))
    .map(({ tag }) => tag);
}

/** The posts carrying `tag` (case-insensitive); all posts when tag is null or empty. */
export function filterByTag<T extends { tags: readonly string[] }>(
  posts: readonly T[],
  tag: string | null,
): T[] {
  if (!tag) return [...posts];
  const wanted = tag.toLowerCase();
  return posts.filter((post) => post.tags.some((t) => t.toLowerCase() === wanted));
}

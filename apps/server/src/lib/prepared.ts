import type { Db } from "@nexus/db";

/**
 * A named prepared statement per database handle, for hot read paths: PostgreSQL parses and plans
 * it once per connection instead of on every request.
 */
export function preparedQuery<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const cache = new WeakMap<Db, Q>();
  return (db) => {
    let query = cache.get(db);
    if (!query) {
      query = build(db);
      cache.set(db, query);
    }
    return query;
  };
}

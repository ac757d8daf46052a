import type { ThreadPresentation, ThreadSubject } from "@nexus/contracts";
import type { Deps, SessionUser } from "../../deps.ts";
import { declarationOf } from "./chat-kinds.ts";
import type { KindDeclaration, LinkedThread } from "./kind-declaration.ts";

/** What presenting kinds reads: the registry, and the database its subjects are named from. */
export type KindDeps = Pick<Deps, "db" | "chatKinds">;

/** A listed thread as history keeps it: its kind and subject, its id and first query. */
export interface KindRow extends LinkedThread {
  kind: string | null;
}

/** How each row presents, with the subject field older readers take its subject from. */
export interface PresentedKind extends ThreadPresentation {
  legacy: { agentId: string | null; documentId: string | null };
}

/**
 * The presentation of listed threads (ARCHITECTURE.md §3.1), each from its kind's declaration
 * (deps.chatKinds): its label, its subject named for its owner (one lookup per kind for the whole
 * list), its badge and its link. Knows no kind.
 */
export async function presentKinds(
  deps: KindDeps,
  user: SessionUser,
  rows: readonly KindRow[],
): Promise<PresentedKind[]> {
  const declared = rows.map((row) => declarationOf(deps.chatKinds, row.kind));
  const names = await subjectNames(deps, user, rows, declared);
  const badges = await threadBadges(deps, user, rows, declared, names);
  return rows.map((row, i) => {
    const kind = declared[i] as KindDeclaration;
    const name = row.subjectId ? names.get(kind.kind)?.get(row.subjectId) : undefined;
    const subject: ThreadSubject | null =
      row.subjectId && name !== undefined ? { id: row.subjectId, name } : null;
    return {
      kind: kind.kind,
      label: kind.label,
      subject,
      badge:
        badges.get(kind.kind)?.get(row.threadId) ??
        (kind.badge ? kind.badge(subject) : (subject?.name ?? null)),
      icon: kind.icon ?? null,
      href: kind.link(row),
      legacy: {
        agentId: kind.subjectField === "agentId" ? row.subjectId : null,
        documentId: kind.subjectField === "documentId" ? row.subjectId : null,
      },
    };
  });
}

/** Each kind's subjects named at once: kind → subject id → name. */
async function subjectNames(
  deps: KindDeps,
  user: SessionUser,
  rows: readonly KindRow[],
  declared: readonly KindDeclaration[],
): Promise<Map<string, ReadonlyMap<string, string>>> {
  const ids = new Map<KindDeclaration, Set<string>>();
  rows.forEach((row, i) => {
    const kind = declared[i];
    if (!kind?.subjects || !row.subjectId) return;
    const set = ids.get(kind) ?? new Set<string>();
    set.add(row.subjectId);
    ids.set(kind, set);
  });
  const named = await Promise.all(
    [...ids].map(async ([kind, set]) => {
      const names = (await kind.subjects?.(deps, user, [...set])) ?? new Map<string, string>();
      return [kind.kind, names] as const;
    }),
  );
  return new Map(named);
}

/** Each kind's thread-dependent badges at once: kind → thread id → badge. */
async function threadBadges(
  deps: KindDeps,
  user: SessionUser,
  rows: readonly KindRow[],
  declared: readonly KindDeclaration[],
  names: ReadonlyMap<string, ReadonlyMap<string, string>>,
): Promise<Map<string, ReadonlyMap<string, string>>> {
  const threads = new Map<KindDeclaration, KindRow[]>();
  rows.forEach((row, i) => {
    const kind = declared[i];
    if (!kind?.threadBadges) return;
    threads.set(kind, [...(threads.get(kind) ?? []), row]);
  });
  const badged = await Promise.all(
    [...threads].map(async ([kind, list]) => {
      const none = new Map<string, string>();
      const badges = await kind.threadBadges?.(deps, user, list, names.get(kind.kind) ?? none);
      return [kind.kind, badges ?? none] as const;
    }),
  );
  return new Map(badged);
}

/** One thread's presentation (the thread API, a share). */
export async function presentKind(
  deps: KindDeps,
  user: SessionUser,
  row: KindRow,
): Promise<PresentedKind> {
  const [presented] = await presentKinds(deps, user, [row]);
  if (!presented) throw new Error("a thread presents as one kind");
  return presented;
}

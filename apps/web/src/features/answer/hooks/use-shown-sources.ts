import type { AnswerSource } from "@nexus/contracts";
import { useMemo } from "react";
import { citedFileIds, markDeletedFiles, type ShownSource } from "@/lib/chat/file-sources.ts";
import { useSession } from "@/lib/session.tsx";
import { useMissingFiles } from "../api/get-missing-files.ts";

const NONE: readonly string[] = [];

/**
 * A turn's sources as shown: a cited file of the signed-in person that was deleted since shows
 * "File deleted" and no longer links to its download. Asked once the answer has ended.
 */
export function useShownSources(
  sources: readonly AnswerSource[],
  ended: boolean,
): readonly ShownSource[] {
  const session = useSession();
  const ids = useMemo(() => citedFileIds(sources), [sources]);
  const missing = useMissingFiles(ids, ended && session.user !== null);
  const gone = missing.data?.missing ?? NONE;
  return useMemo(() => markDeletedFiles(sources, gone), [sources, gone]);
}

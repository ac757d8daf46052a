import {
  EXPORT_WORDS,
  NEXDOCS_BAD_CONTENT_MESSAGE,
  NEXDOCS_CONFLICT_MESSAGE,
  type NexdocsConflictDetails,
  type NexdocsCreate,
  type NexdocsDocument,
  type NexdocsExportFormat,
  type NexdocsFromThread,
  type NexdocsList,
  type NexdocsNode,
  type NexdocsSave,
  type NexdocsVersions,
  withoutCitations,
} from "@nexus/contracts";
import type { Deps, SessionUser } from "../../deps.ts";
import { AppError } from "../../lib/errors.ts";
import * as exporter from "../exports/exports.service.ts";
import { exportImages } from "./nexdocs.export-images.ts";
import { fromThread as documentFromThread } from "./nexdocs.from-thread.ts";
import { imageSrc } from "./nexdocs.images.ts";
import {
  cleanDoc,
  EMPTY_DOC,
  exportMarkdownOf,
  isValidDoc,
  markdownToDoc,
  searchMarkdownOf,
  withImageSources,
} from "./nexdocs.markdown.ts";
import * as repo from "./nexdocs.repo.ts";

/**
 * NexDocs documents (issue 40): a person's own documents, saved with a revision number so a stale
 * save (another tab) is a conflict and never an overwrite, kept versions to restore, search over
 * titles and bodies, and exports through the exports module's renderers. Another person's document
 * and a missing one are the same not-found.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function notFound(): AppError {
  return new AppError("not_found", "This document does not exist or is not yours.");
}

function present(row: repo.NexdocsRow): NexdocsDocument {
  return {
    id: row.id,
    title: row.title,
    content: row.content as NexdocsNode,
    revision: row.revision,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A list row's excerpt: the head of its Markdown with the syntax and citation chips left out. */
function excerptOf(head: string): string {
  return withoutCitations(head)
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^\s{0,3}(#{1,6}|[-*+]|\d+\.|>|\|)\s?/gm, "")
    .replace(/[`*_~|\\]|-{3,}|\[[ x]\]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 200);
}

async function own(deps: Deps, user: SessionUser, id: string): Promise<repo.NexdocsRow> {
  if (!UUID.test(id)) throw notFound();
  const row = await repo.find(deps.db, user.id, id);
  if (!row) throw notFound();
  return row;
}

export async function list(
  deps: Deps,
  user: SessionUser,
  q: string | undefined,
): Promise<NexdocsList> {
  const rows = await repo.list(deps.db, user.id, q?.trim() || undefined);
  return {
    documents: rows.map((r) => ({
      id: r.id,
      title: r.title,
      excerpt: excerptOf(r.head),
      revision: r.revision,
      updatedAt: r.updatedAt.toISOString(),
    })),
  };
}

export async function create(
  deps: Deps,
  user: SessionUser,
  input: NexdocsCreate & { content?: NexdocsNode },
): Promise<NexdocsDocument> {
  const content = input.content
    ? cleanDoc(input.content)
    : input.markdown
      ? markdownToDoc(input.markdown)
      : EMPTY_DOC;
  if (!isValidDoc(content)) throw new AppError("bad_request", NEXDOCS_BAD_CONTENT_MESSAGE);
  const row = await repo.insert(deps.db, {
    userId: user.id,
    title: input.title ?? "",
    content,
    markdown: searchMarkdownOf(content),
  });
  return present(row);
}

export async function get(deps: Deps, user: SessionUser, id: string): Promise<NexdocsDocument> {
  return present(await own(deps, user, id));
}

function conflict(current: repo.NexdocsRow): AppError {
  const details: NexdocsConflictDetails = { current: present(current) };
  return new AppError("conflict", NEXDOCS_CONFLICT_MESSAGE, {
    details: details as unknown as Record<string, unknown>,
  });
}

export async function save(
  deps: Deps,
  user: SessionUser,
  id: string,
  input: NexdocsSave,
): Promise<NexdocsDocument> {
  if (!UUID.test(id)) throw notFound();
  const content = cleanDoc(input.content);
  if (!isValidDoc(content)) throw new AppError("bad_request", NEXDOCS_BAD_CONTENT_MESSAGE);
  const markdown = searchMarkdownOf(content);
  const outcome = await repo.save(deps.db, {
    userId: user.id,
    id,
    baseRevision: input.baseRevision,
    title: input.title,
    content,
    markdown,
  });
  if (outcome.kind === "missing") throw notFound();
  if (outcome.kind === "stale") throw conflict(outcome.current);
  return present(outcome.row);
}

export async function remove(deps: Deps, user: SessionUser, id: string): Promise<void> {
  if (!UUID.test(id) || !(await repo.remove(deps.db, user.id, id))) throw notFound();
}

export async function versions(
  deps: Deps,
  user: SessionUser,
  id: string,
): Promise<NexdocsVersions> {
  const row = await own(deps, user, id);
  const rows = await repo.versions(deps.db, row.id);
  return {
    versions: rows.map((v) => ({
      revision: v.revision,
      title: v.title,
      createdAt: v.createdAt.toISOString(),
    })),
  };
}

/** A kept version made current again, as a new revision (so the restore itself can be undone). */
export async function restore(
  deps: Deps,
  user: SessionUser,
  options: { id: string; revision: number; baseRevision: number },
): Promise<NexdocsDocument> {
  const row = await own(deps, user, options.id);
  const kept = await repo.version(deps.db, row.id, options.revision);
  if (!kept) throw new AppError("not_found", "This version is not kept any more.");
  return save(deps, user, row.id, {
    baseRevision: options.baseRevision,
    title: kept.title,
    content: kept.content as NexdocsNode,
  });
}

export async function exportDocument(
  deps: Deps,
  user: SessionUser,
  options: {
    id: string;
    format: NexdocsExportFormat;
    /** The request's Accept-Language (the notes' words when the person chose no language). */
    acceptLanguage?: string | null;
  },
): Promise<exporter.ThreadExport> {
  const row = await own(deps, user, options.id);
  const title = row.title || "Untitled document";
  // Images as absolute addresses (their owner's to open): Markdown links them.
  const content = withImageSources(
    row.content as NexdocsNode,
    (imageId) => `${deps.env.APP_URL}${imageSrc(row.id, imageId)}`,
  );
  const body = exportMarkdownOf(content);
  if (options.format === "md")
    return exporter.markdownFile({ markdown: `# ${title}\n\n${body}\n`, title, format: "md" });
  // DOCX and PDF embed the document's own images (within a cap; past it they stay links that
  // say why in the person's language).
  const language = await exporter.exportLanguage(deps, user, options.acceptLanguage);
  const images = await exportImages(deps, {
    userId: user.id,
    documentId: row.id,
    content: row.content as NexdocsNode,
    address: (imageId) => `${deps.env.APP_URL}${imageSrc(row.id, imageId)}`,
    words: EXPORT_WORDS[exporter.fileLanguage(language, options.format)].imageNotes,
  });
  return exporter.markdownFile({ markdown: body, title, format: options.format, images });
}

/** "Open in NexDocs": a new document from one of the caller's threads (or one reply of it). */
export function fromThread(
  deps: Deps,
  user: SessionUser,
  input: NexdocsFromThread,
): Promise<NexdocsDocument> {
  return documentFromThread(deps, user, input, (made) => create(deps, user, made));
}

/**
 * A document as its share link shows it (the shares module found a live link to it): its title
 * and its export Markdown (citations as numbered links and a Sources list), its images at the
 * share's addresses. Undefined when the document is gone.
 */
export async function sharedDocument(
  deps: Deps,
  options: { documentId: string; imagePath: (imageId: string) => string },
): Promise<{ title: string; markdown: string; updatedAt: string } | undefined> {
  const row = await repo.findAny(deps.db, options.documentId);
  if (!row) return undefined;
  const content = withImageSources(row.content as NexdocsNode, options.imagePath);
  return {
    title: row.title || "Untitled document",
    markdown: exportMarkdownOf(content),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export { accountData } from "./nexdocs.account.ts";
export { addImage, imageHeaders, imageOf, ownImage, type StoredImage } from "./nexdocs.images.ts";

import {
  isNexdocsShareId,
  type MyShare,
  NEXDOCS_SHARE_PREFIX,
  type PublicShare,
  shareIdSchema,
} from "@nexus/contracts";
import type { Db } from "@nexus/db";
import type { Deps, SessionUser } from "../../deps.ts";
import { AppError } from "../../lib/errors.ts";
import { alphanumericId } from "../../lib/ids.ts";
import * as nexdocs from "../nexdocs/nexdocs.service.ts";
import { shareMisses } from "./lookup-limit.ts";
import { noSuchShare, PUBLIC_SHARE_HEADERS } from "./shares.public.ts";
import * as repo from "./shares-nexdocs.repo.ts";

/**
 * Read-only links to NexDocs documents (issue 40), beside the answer and thread links: made by the
 * document's owner only (a missing or foreign document is refused like a foreign answer: 403),
 * read by anyone with the link as the document is now, revoked like the others, and listed in
 * Settings → Shared links under its title, as "NexDocs · Document".
 */

/** What Settings' list says a document link is (its chat kind, label and subject fields). */
const CHAT_KIND = "nexdocs";
const CHAT_LABEL = "NexDocs";

function present(
  deps: Deps,
  link: { id: string; documentId: string; title: string; timestamp: Date },
): MyShare {
  const title = link.title || "Untitled document";
  return {
    shareId: link.id,
    kind: "nexdoc",
    title,
    url: `${deps.env.APP_URL}/share/${link.id}`,
    createdAt: link.timestamp.toISOString(),
    chatKind: CHAT_KIND,
    chatLabel: CHAT_LABEL,
    // The title is the row's own: no subject beside it ("NexDocs · Document").
    subject: null,
  };
}

export async function createNexdocsShare(options: {
  deps: Deps;
  user: SessionUser;
  documentId: string;
  denied: () => AppError;
}): Promise<{ share: MyShare; created: boolean }> {
  const { deps, user, documentId } = options;
  const document = await nexdocs.get(deps, user, documentId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "not_found") throw options.denied();
    throw error;
  });
  const link = await repo.insertNexdocsShare(deps.db, {
    id: `${NEXDOCS_SHARE_PREFIX}${alphanumericId()}`,
    userId: user.id,
    documentId: document.id,
    timestamp: deps.clock.now(),
  });
  return { share: present(deps, { ...link, title: document.title }), created: link.created };
}

/** The address a shared document's image is read at (only while its link is live). */
export function sharedImagePath(shareId: string, imageId: string): string {
  return `/api/shares/${encodeURIComponent(shareId)}/images/${encodeURIComponent(imageId)}`;
}

export async function findLiveNexdocs(
  deps: Deps,
  shareId: string,
): Promise<PublicShare | undefined> {
  const link = await repo.liveNexdocsShare(deps.db, shareId);
  if (!link) return undefined;
  const document = await nexdocs.sharedDocument(deps, {
    documentId: link.documentId,
    imagePath: (imageId) => sharedImagePath(shareId, imageId),
  });
  if (!document) return undefined;
  return {
    kind: "nexdoc",
    shareId,
    document: { ...document, timestamp: link.timestamp.toISOString() },
  };
}

/** An image of a live link's document, or undefined (no link, revoked, not in that document). */
export async function nexdocsImage(options: {
  deps: Deps;
  shareId: string;
  imageId: string;
}): Promise<nexdocs.StoredImage | undefined> {
  const { deps, shareId, imageId } = options;
  const link = await repo.liveNexdocsShare(deps.db, shareId);
  if (!link) return undefined;
  return nexdocs.imageOf(deps, { documentId: link.documentId, imageId });
}

/** An image of a shared document, only while its link is live; a miss counts as a share miss. */
export async function sharedImage(options: {
  deps: Deps;
  shareId: string;
  imageId: string;
  ip: string;
}): Promise<nexdocs.StoredImage> {
  await shareMisses.check(options.deps, options.ip);
  // The id's whole shape first (a NUL byte, say, never reaches the database).
  const valid =
    isNexdocsShareId(options.shareId) && shareIdSchema.safeParse(options.shareId).success;
  const image = valid ? await nexdocsImage(options) : undefined;
  if (image) return image;
  await shareMisses.miss(options.deps, options.ip);
  throw noSuchShare(options.shareId);
}

/** A shared image's headers: a share's (no-store, noindex, no-referrer) and an image's. */
export function sharedImageHeaders(image: nexdocs.StoredImage): Record<string, string> {
  return { ...nexdocs.imageHeaders(image, "no-store"), ...PUBLIC_SHARE_HEADERS };
}

export function nexdocsMeta(db: Db, shareId: string) {
  return repo.liveNexdocsMeta(db, shareId);
}

export async function listNexdocsShares(deps: Deps, user: SessionUser): Promise<MyShare[]> {
  const links = await repo.listLiveNexdocs(deps.db, user.id);
  return links.map((link) => present(deps, link));
}

export function revokeNexdocsShare(deps: Deps, user: SessionUser, shareId: string) {
  return repo.revokeNexdocs(deps.db, { userId: user.id, id: shareId, now: deps.clock.now() });
}

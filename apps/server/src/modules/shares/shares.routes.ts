import {
  copyShareResponseSchema,
  createShareRequestSchema,
  myShareListSchema,
  myShareSchema,
  publicShareSchema,
} from "@nexus/contracts";
import { Hono } from "hono";
import type { AppEnv, Deps } from "../../deps.ts";
import { parseJson } from "../../lib/validate.ts";
import { readDb } from "../../middleware/read-your-writes.ts";
import { currentUser, requireUser } from "../../middleware/require-user.ts";
import * as shares from "./shares.service.ts";

/** /api/shares: make, list and revoke links (signed in); read one (anyone); copy one (signed in). */
export function sharesRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .post("/", requireUser, async (c) => {
      const body = await parseJson(c, createShareRequestSchema);
      const { share, created } = await shares.createShare({ deps, user: currentUser(c), body });
      return c.json(myShareSchema.parse(share), created ? 201 : 200);
    })
    .get("/", requireUser, async (c) => {
      const list = await shares.listShares({ deps, user: currentUser(c) });
      return c.json(myShareListSchema.parse({ shares: list }));
    })
    .get("/:shareId", async (c) => {
      const shareId = c.req.param("shareId");
      // A lag-tolerant public read: a replica (the owner who just wrote: one that has replayed it).
      const reads = readDb(deps, c);
      const share = await shares.publicShare({ deps, reads, shareId, ip: c.get("ip") });
      const shown = shares.presentPublicShare(deps, share);
      return c.json(publicShareSchema.parse(shown), 200, shares.PUBLIC_SHARE_HEADERS);
    })
    .get("/:shareId/images/:imageId", async (c) => {
      const { shareId, imageId } = c.req.param();
      const image = await shares.sharedImage({ deps, shareId, imageId, ip: c.get("ip") });
      const headers = shares.sharedImageHeaders(image);
      return c.body(new Uint8Array(image.bytes), 200, headers);
    })
    .delete("/:shareId", requireUser, async (c) => {
      await shares.revokeShare({ deps, user: currentUser(c), shareId: c.req.param("shareId") });
      return c.body(null, 204);
    })
    .post("/:shareId/copy", requireUser, async (c) => {
      const shareId = c.req.param("shareId");
      const copy = await shares.copyShare({ deps, user: currentUser(c), shareId, ip: c.get("ip") });
      return c.json(copyShareResponseSchema.parse(copy), 201);
    });
}

import { z } from "zod";
import { UI_LANGUAGES } from "./languages.ts";
import { accountTierSchema, tierSchema } from "./tiers.ts";

export const userProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  photoURL: z.string().nullable(),
  orgName: z.string().nullable(),
  orgID: z.string(),
  tier: accountTierSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

export const meResponseSchema = z.object({
  user: userProfileSchema.nullable(),
  tier: tierSchema,
  isSuperAdmin: z.boolean(),
  /** Signed in: the interface language chosen for the account (null: none, the browser's). */
  uiLanguage: z.enum(UI_LANGUAGES).nullable().optional(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

const trimmed = (max: number) => z.string().trim().max(max);

export const updateProfileBodySchema = z
  .object({
    name: trimmed(100).min(1, "Name cannot be empty").optional(),
    orgName: trimmed(200).nullable().optional(),
    photoURL: z
      .url({ protocol: /^https$/ })
      .max(2000)
      .nullable()
      .optional(),
  })
  .strict();
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;

export const setTierBodySchema = z.object({ tier: accountTierSchema }).strict();
export type SetTierBody = z.infer<typeof setTierBodySchema>;

export const adminUserListSchema = z.object({
  users: z.array(userProfileSchema),
  nextCursor: z.string().nullable(),
});
export type AdminUserList = z.infer<typeof adminUserListSchema>;

import {
  type AnswerLanguage,
  answerLanguageSchema,
  type PersonalSettings,
  type UiLanguage,
  type UpdatePersonalSettings,
  uiLanguageSchema,
} from "@nexus/contracts";
import type { Deps, PersonalPrompt, SessionUser } from "../../deps.ts";
import { AppError } from "../../lib/errors.ts";
import * as repo from "./users.settings-repo.ts";

/**
 * A person's settings (Settings → Personal instructions, Answer language, Language): read
 * and written by their owner only; read by the chat runtime for every turn of theirs
 * (personalPrompt, through src/personal-settings.ts).
 */

const languageOf = (value: string): AnswerLanguage => {
  const parsed = answerLanguageSchema.safeParse(value);
  return parsed.success ? parsed.data : "auto";
};

const parseUiLanguage = (value: string | null): UiLanguage | null => {
  const parsed = uiLanguageSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

function present(row: repo.SettingsRow | undefined): PersonalSettings {
  return row
    ? {
        instructions: row.instructions,
        answerLanguage: languageOf(row.answerLanguage),
        uiLanguage: parseUiLanguage(row.uiLanguage),
        updatedAt: row.updatedAt.toISOString(),
      }
    : { instructions: "", answerLanguage: "auto", uiLanguage: null, updatedAt: null };
}

/** The caller's own settings; anyone else's id answers exactly like a missing one. */
function assertOwner(caller: SessionUser, userId: string): void {
  if (caller.id !== userId) throw new AppError("not_found");
}

export async function getSettings(options: {
  deps: Pick<Deps, "db">;
  caller: SessionUser;
  userId: string;
}): Promise<PersonalSettings> {
  assertOwner(options.caller, options.userId);
  return present(await repo.findSettings(options.deps.db, options.userId));
}

export async function updateSettings(options: {
  deps: Pick<Deps, "db" | "clock">;
  caller: SessionUser;
  userId: string;
  patch: UpdatePersonalSettings;
}): Promise<PersonalSettings> {
  assertOwner(options.caller, options.userId);
  const { instructions, answerLanguage, uiLanguage } = options.patch;
  const row = await repo.upsertSettings(options.deps.db, {
    userId: options.userId,
    patch: {
      ...(instructions !== undefined ? { instructions } : {}),
      ...(answerLanguage !== undefined ? { answerLanguage } : {}),
      ...(uiLanguage !== undefined ? { uiLanguage } : {}),
    },
    now: options.deps.clock.now(),
  });
  return present(row);
}

/** What the chat runtime adds for this person (no row: no instructions, Auto). */
export async function personalPrompt(
  deps: Pick<Deps, "db">,
  userId: string,
): Promise<PersonalPrompt> {
  const { instructions, answerLanguage } = present(await repo.findSettings(deps.db, userId));
  return { instructions, answerLanguage };
}

/** The interface language chosen for the account (GET /api/me); null: none, the browser's. */
export async function uiLanguageOf(
  deps: Pick<Deps, "db">,
  userId: string,
): Promise<UiLanguage | null> {
  return present(await repo.findSettings(deps.db, userId)).uiLanguage;
}

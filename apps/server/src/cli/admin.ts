/**
 * Administration from the shell: `npm run admin -- set-tier <email> <free|pro>`.
 * Uses DATABASE_URL, or the embedded PostgreSQL of DATA_DIR (the running server's, or started here).
 */
import { accountTierSchema, parseEmail } from "@nexus/contracts";
import {
  createDatabase,
  runMigrations,
  runningEmbeddedUrl,
  startEmbeddedPostgres,
} from "@nexus/db";
import type { Deps } from "../deps.ts";
import { loadEnv } from "../env.ts";
import { createMailer } from "../integrations/mail.ts";
import { systemClock } from "../lib/clock.ts";
import { createLogger } from "../lib/logger.ts";
import * as users from "../modules/users/users.service.ts";

const USAGE = "Usage: npm run admin -- set-tier <email> <free|pro>";

/** What the shell commands need: no models, search or outbound HTTP. */
type AdminDeps = Pick<Deps, "db" | "env" | "logger" | "clock" | "mailer">;

async function withDeps<T>(run: (deps: AdminDeps) => Promise<T>): Promise<T> {
  const env = loadEnv();
  const logger = createLogger({ level: "warn" });
  let url = env.DATABASE_URL ?? runningEmbeddedUrl(env.DATA_DIR) ?? undefined;
  const embedded = url ? null : await startEmbeddedPostgres({ dataDir: env.DATA_DIR });
  url ??= embedded?.url;
  if (!url) throw new Error("No database");
  const database = createDatabase({ url, max: 2 });
  try {
    await runMigrations(database.db);
    const mailer = createMailer({ from: env.MAIL_FROM, logger });
    return await run({ db: database.db, env, logger, clock: systemClock, mailer });
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, rawEmail, rawTier] = argv;
  if (command !== "set-tier" || !rawEmail || !rawTier) {
    console.error(USAGE);
    return 2;
  }
  const tier = accountTierSchema.safeParse(rawTier);
  if (!tier.success) {
    console.error(`Unknown tier "${rawTier}". ${USAGE}`);
    return 2;
  }
  const parsed = parseEmail(rawEmail);
  if (!parsed.ok) {
    console.error(`"${rawEmail}" is not an e-mail address. ${USAGE}`);
    return 2;
  }
  const email = parsed.email;
  return withDeps(async (deps) => {
    const user = await users.findByEmail(deps, email);
    if (!user) {
      console.error(`No account for ${email}. The person must sign in once first.`);
      return 1;
    }
    const profile = await users.setTier({ deps, userId: user.id, tier: tier.data });
    console.log(`${profile.email} is now on the ${profile.tier} tier.`);
    return 0;
  });
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

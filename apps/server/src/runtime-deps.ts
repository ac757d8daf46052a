import type { Db } from "@nexus/db";
import { createModelRegistry } from "./ai/models.ts";
import type { Deps } from "./deps.ts";
import type { Env } from "./env.ts";
import { createMailer } from "./integrations/mail.ts";
import { createSearchProvider } from "./integrations/search/create-search-provider.ts";
import { createWebFetch } from "./integrations/web-fetch.ts";
import { systemClock } from "./lib/clock.ts";
import type { Logger } from "./lib/logger.ts";

/** The running server's dependencies from its environment (main thread and answer workers alike). */
export function createRuntimeDeps(options: { env: Env; logger: Logger; db: Db }): Deps {
  const { env, logger, db } = options;
  const webFetch = createWebFetch({ logger });
  return {
    db,
    models: createModelRegistry({ env, logger }),
    search: createSearchProvider({ env, db, webFetch }),
    webFetch,
    env,
    logger,
    clock: systemClock,
    mailer: createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, logger }),
  };
}

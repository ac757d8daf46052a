import { exportFileStem, type HistoryExportEntry } from "@nexus/contracts";
import type { Deps, SessionUser } from "../../deps.ts";
import type { AccountData, AccountDerived, AccountTable } from "../../lib/account-data.ts";
import * as auth from "../auth/auth.service.ts";
import * as customAgents from "../custom-agents/custom-agents.service.ts";
import * as documents from "../documents/documents.service.ts";
import * as extraction from "../extraction/extraction.service.ts";
import * as feedback from "../feedback/feedback.service.ts";
import * as files from "../files/files.service.ts";
import * as history from "../history/history.service.ts";
import * as nexdocs from "../nexdocs/nexdocs.service.ts";
import * as research from "../research/research.service.ts";
import * as runs from "../runs/runs.service.ts";
import * as shares from "../shares/shares.service.ts";
import * as usage from "../usage/usage.service.ts";
import * as users from "../users/users.service.ts";
import { type ZipEntry, zipEntries } from "./export-zip.ts";
import { historyPages } from "./exports.service.ts";

/**
 * The account data export (issue 42 scope 7), the counterpart of account deletion: everything the
 * modules hold of the person, each module saying what it holds (its `accountData`), as
 * `data/<table>.json`; their history as Markdown (`history/`, with its index); their files as they
 * uploaded them (`files/`); `account.json` lists what is where, and what is derived and not carried
 * (with how many rows and why). Streamed like the history ZIP: one table, one page of threads or
 * one file at a time.
 */

/** Each module's part of a person, in the order the export lists them. */
const SECTIONS: ReadonlyArray<(deps: Deps, user: SessionUser) => Promise<AccountData>> = [
  (deps, user) => users.accountData(deps.db, user.id),
  (deps, user) => auth.accountData(deps.db, user.id, user.email),
  (deps, user) => history.accountData(deps.db, user.id),
  (deps, user) => files.accountData(deps.db, user.id),
  (deps, user) => documents.accountData(deps.db, user.id),
  (deps, user) => customAgents.accountData(deps.db, user.id),
  (deps, user) => shares.accountData(deps.db, user.id),
  (deps, user) => runs.accountData(deps.db, user.id),
  (deps, user) => research.accountData(deps.db, user.id),
  (deps, user) => extraction.accountData(deps.db, user.id),
  (deps, user) => usage.accountData(deps.db, user.id),
  (deps, user) => feedback.accountData(deps.db, user.id),
  (deps, user) => nexdocs.accountData(deps.db, user.id),
];

/** What `account.json` says. */
export interface AccountIndex {
  format: "nexus-account-export";
  version: 1;
  exportedAt: string;
  account: { id: string; email: string; name: string };
  /** data/<table>.json and how many rows each holds. */
  tables: Array<{ table: string; file: string; rows: number }>;
  /** Tables whose rows of the person are derived from what is here: counted, with why. */
  derived: AccountDerived[];
  history: { folder: "history/"; threads: number };
  /** Each file, and where it is in files/ (null: it was deleted while the archive was written). */
  files: Array<{ id: string; name: string; file: string | null }>;
}

const README = `# Your Nexus data

- \`account.json\`: what this archive holds, and where.
- \`data/\`: every row the server keeps of your account, one JSON file per table (your profile
  and settings, sessions and sign-in links without their secrets, history, files, custom agents,
  share links, research, runs, usage and feedback).
- \`history/\`: every thread as Markdown, with its citations and sources, and \`index.json\`.
- \`files/\`: your files, byte for byte as you uploaded them.

Deleting your account (Settings → Delete account) removes all of it from the server.
`;

/** A name safe in the archive for a stored file: its id and its name's letters. */
function storedName(id: string, name: string): string {
  const dot = name.lastIndexOf(".");
  const ext =
    dot > 0
      ? name
          .slice(dot + 1)
          .replace(/[^A-Za-z0-9]/g, "")
          .slice(0, 8)
      : "";
  const stem = exportFileStem(dot > 0 ? name.slice(0, dot) : name);
  return `files/${id}-${stem}${ext ? `.${ext}` : ""}`;
}

export function accountZip(options: { deps: Deps; user: SessionUser }): ReadableStream<Uint8Array> {
  const { deps, user } = options;
  const index: AccountIndex = {
    format: "nexus-account-export",
    version: 1,
    exportedAt: deps.clock.now().toISOString(),
    account: { id: user.id, email: user.email, name: user.name },
    tables: [],
    derived: [],
    history: { folder: "history/", threads: 0 },
    files: [],
  };
  const threads: HistoryExportEntry[] = [];
  const nextThreads = historyPages({ deps, user, prefix: "history/" });
  let section = 0;
  let stored: Array<{ id: string; name: string }> = [];
  let stage: "data" | "history" | "files" | "end" | "done" = "data";

  const tableEntry = (t: AccountTable): ZipEntry => {
    const file = `data/${t.table}.json`;
    index.tables.push({ table: t.table, file, rows: t.rows.length });
    return { name: file, text: `${JSON.stringify(t.rows, null, 2)}\n` };
  };

  return zipEntries(async () => {
    if (stage === "data") {
      const make = SECTIONS[section++];
      if (!make) {
        stage = "history";
        return [{ name: "README.md", text: README }];
      }
      const data = await make(deps, user);
      index.derived.push(...(data.derived ?? []));
      for (const t of data.tables)
        if (t.table === "files")
          stored = t.rows.map((r) => ({ id: String(r.id), name: String(r.name) }));
      return data.tables.map(tableEntry);
    }
    if (stage === "history") {
      const page = await nextThreads();
      if (page) {
        threads.push(...page.map((f) => f.entry));
        return page;
      }
      stage = "files";
      index.history.threads = threads.length;
      return [{ name: "history/index.json", text: `${JSON.stringify(threads, null, 2)}\n` }];
    }
    if (stage === "files") {
      const next = stored.shift();
      if (!next) {
        stage = "end";
        return [];
      }
      const name = storedName(next.id, next.name);
      // A file deleted while the archive is written is named in account.json, not carried.
      const opened = await files.openDownload({ deps, user, fileId: next.id }).catch(() => null);
      index.files.push({ id: next.id, name: next.name, file: opened ? name : null });
      if (!opened) return [];
      return [
        {
          name,
          bytes: async function* () {
            for await (const chunk of opened.body) yield chunk as Uint8Array;
          },
        },
      ];
    }
    if (stage === "end") {
      stage = "done";
      return [{ name: "account.json", text: `${JSON.stringify(index, null, 2)}\n` }];
    }
    return null;
  });
}

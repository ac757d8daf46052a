import type { Env } from "../env.ts";

type OriginEnv = Pick<Env, "APP_URL" | "APP_URL_SET" | "PORT">;

/** The loopback origins of one port: every way a browser on this machine may name the server. */
export function loopbackOrigins(port: number): string[] {
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`];
}

/**
 * Origins whose pages may make state-changing requests. With APP_URL set, that origin only; unset,
 * every loopback origin of the server's own port (the Host header is never trusted: a page on a
 * DNS-rebound name has a foreign origin and stays refused).
 */
export function allowedOrigins(env: OriginEnv): ReadonlySet<string> {
  if (env.APP_URL_SET) return new Set([new URL(env.APP_URL).origin]);
  return new Set(loopbackOrigins(env.PORT));
}

/**
 * The origin for absolute links the server sends out (sign-in e-mails): APP_URL when set; unset,
 * the loopback origin the person is using (from the request's Origin header, only when it is one
 * of the allowed ones), so the link opens where their page is, else APP_URL's default.
 */
export function linkOrigin(env: OriginEnv, requestOrigin: string | undefined): string {
  if (!env.APP_URL_SET && requestOrigin !== undefined && allowedOrigins(env).has(requestOrigin)) {
    return requestOrigin;
  }
  return env.APP_URL;
}

/** Why a state-changing request from `seen` was refused, for the person and the operator. */
export function refusedOriginMessage(env: OriginEnv, seen: string | undefined): string {
  const from = seen === undefined ? "another site" : seen;
  if (env.APP_URL_SET) {
    return (
      `Cross-site request refused. This server accepts requests from APP_URL (${new URL(env.APP_URL).origin}), ` +
      `but this one came from ${from}. Open Nexus at ${env.APP_URL}, or set APP_URL to the address you use.`
    );
  }
  return (
    `Cross-site request refused. Without APP_URL this server accepts requests from ` +
    `${loopbackOrigins(env.PORT).join(", ")}, but this one came from ${from}. ` +
    `Open Nexus at ${env.APP_URL}, or set APP_URL to the address you use.`
  );
}

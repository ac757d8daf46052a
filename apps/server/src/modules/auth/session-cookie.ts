import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { Env } from "../../env.ts";

function isHttps(env: Pick<Env, "APP_URL">): boolean {
  return env.APP_URL.startsWith("https://");
}

/** `__Host-` prefix on https binds the cookie to this origin with Secure and Path=/. */
export function sessionCookieName(env: Pick<Env, "APP_URL">): string {
  return isHttps(env) ? "__Host-nexus_session" : "nexus_session";
}

export function readSessionCookie(c: Context, env: Pick<Env, "APP_URL">): string | undefined {
  return getCookie(c, sessionCookieName(env));
}

export function setSessionCookie(
  c: Context,
  env: Pick<Env, "APP_URL" | "SESSION_TTL_DAYS">,
  value: string,
): void {
  setCookie(c, sessionCookieName(env), value, {
    httpOnly: true,
    secure: isHttps(env),
    sameSite: "Lax",
    path: "/",
    maxAge: env.SESSION_TTL_DAYS * 86_400,
  });
}

export function clearSessionCookie(c: Context, env: Pick<Env, "APP_URL">): void {
  deleteCookie(c, sessionCookieName(env), {
    path: "/",
    secure: isHttps(env),
    httpOnly: true,
    sameSite: "Lax",
  });
}

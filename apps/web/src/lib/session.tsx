import type { MeResponse, Tier, UiLanguage, UserProfile } from "@nexus/contracts";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useEffect, useMemo } from "react";
import { apiRequest } from "./api-client.ts";
import { earlyPaths, takeArrived, takeEarly } from "./early-requests.ts";
import { chooseInterfaceLanguage } from "./i18n/i18n.ts";
import { meQueryKey } from "./query-keys.ts";

export { meQueryKey };

export const ANONYMOUS_ME: MeResponse = { user: null, tier: "anonymous", isSuperAdmin: false };

export function getMe(signal?: AbortSignal): Promise<MeResponse> {
  return (
    takeEarly<MeResponse>(earlyPaths.me) ??
    apiRequest<MeResponse>(earlyPaths.me, signal ? { signal } : {})
  );
}

export function meQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe(signal),
    initialData: () => takeArrived<MeResponse>(earlyPaths.me),
    staleTime: 60_000,
  });
}

export type SessionStatus = "loading" | "anonymous" | "signed-in";

export interface Session {
  status: SessionStatus;
  user: UserProfile | null;
  tier: Tier;
  isSuperAdmin: boolean;
  /** The interface language chosen for the account (null: none, or no one signed in). */
  uiLanguage: UiLanguage | null;
  /** GET /api/me failed: the UI shows the anonymous state (spec §4) and offers a retry. */
  loadFailed: boolean;
  retry: () => void;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const query = useQuery(meQueryOptions());
  const { data, isError, refetch } = query;
  const session = useMemo<Session>(() => {
    const retry = () => {
      void refetch();
    };
    if (data) {
      return {
        status: data.user ? "signed-in" : "anonymous",
        user: data.user,
        // The tier comes from the profile; an account without one reads as anonymous (spec §4).
        tier: data.user ? data.tier : "anonymous",
        isSuperAdmin: data.isSuperAdmin,
        uiLanguage: data.user ? (data.uiLanguage ?? null) : null,
        loadFailed: false,
        retry,
      };
    }
    if (isError) {
      return { ...ANONYMOUS_ME, uiLanguage: null, status: "anonymous", loadFailed: true, retry };
    }
    return { ...ANONYMOUS_ME, uiLanguage: null, status: "loading", loadFailed: false, retry };
  }, [data, isError, refetch]);
  // The account's interface language wins over this browser's (it is kept here too, for the next
  // first paint).
  const accountLanguage = session.uiLanguage;
  useEffect(() => {
    if (accountLanguage) void chooseInterfaceLanguage(accountLanguage);
  }, [accountLanguage]);
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession() needs a <SessionProvider> above it.");
  return session;
}

/** Forget everything cached for the previous identity, keeping the session query itself. */
function dropIdentityData(client: QueryClient): void {
  void client.cancelQueries();
  client.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
}

/** After a completed sign-in: the new profile replaces the anonymous session at once. */
export function applySignedIn(client: QueryClient, me: MeResponse): void {
  dropIdentityData(client);
  client.setQueryData(meQueryKey, me);
}

/** After sign-out or account deletion: profile cleared, tier back to anonymous. */
export function applySignedOut(client: QueryClient): void {
  dropIdentityData(client);
  client.setQueryData(meQueryKey, ANONYMOUS_ME);
}

/** After Settings → Language saved the account's choice. */
export function applyUiLanguage(client: QueryClient, uiLanguage: UiLanguage | null): void {
  client.setQueryData<MeResponse>(meQueryKey, (old) => (old?.user ? { ...old, uiLanguage } : old));
}

export function applyProfileUpdate(client: QueryClient, user: UserProfile): void {
  client.setQueryData<MeResponse>(meQueryKey, (old) =>
    old ? { ...old, user, tier: user.tier } : old,
  );
}

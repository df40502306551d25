/** Sign-in and sign-out effects shared by the login page, the top bar and the API client. */
import type { LoginAnswer } from "@pc/contract";
import { passportApi } from "../api/passport.ts";
import { queryClient, userInfoKey } from "../app/queryClient.ts";
import { clearSession, setToken, setUserInfo } from "./session.ts";

/** Stores what a successful login answers: the token cookie and user_info. */
export function storeLogin(answer: LoginAnswer): void {
  clearSession();
  setToken(answer.token);
  setUserInfo(answer.user_info);
  queryClient.removeQueries({ queryKey: ["menu"] });
  queryClient.setQueryData(userInfoKey(answer.token), answer.user_info);
}

/** Drops everything the session holds: session storage, the company cache, the cookie, the menu. */
export function dropSession(): void {
  clearSession();
  queryClient.removeQueries({ queryKey: ["menu"] });
  queryClient.removeQueries({ queryKey: ["userInfo"] });
}

/** POST logout (its failure does not keep the user signed in), then drop the session. */
export async function logout(): Promise<void> {
  try {
    await passportApi.logout({ quiet: () => true });
  } catch {
    // the token may already be invalid; the local session goes anyway
  }
  dropSession();
}

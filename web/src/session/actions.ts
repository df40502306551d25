/** Sign-in and sign-out effects shared by the login page, the top bar and the API client. */
import type { LoginAnswer } from "@pc/contract";
import { passportApi } from "../api/passport.ts";
import { queryKeys } from "../api/queryKeys.ts";
import { queryClient } from "../app/queryClient.ts";
import { clearSession, setToken, setUserInfo } from "./session.ts";

/** Stores what a successful login answers: the token cookie and user_info. */
export function storeLogin(answer: LoginAnswer): void {
  clearSession();
  setToken(answer.token);
  setUserInfo(answer.user_info);
  queryClient.removeQueries({ queryKey: queryKeys.menu.all });
  queryClient.setQueryData(queryKeys.userInfo.of(answer.token), answer.user_info);
}

let lastTicket: { ticket: string; exchange: Promise<void> } | null = null;

/**
 * Signs in with the ticket of a link into the console (docs/rules/entities.md#session): a ticket is taken
 * once, so the same ticket is exchanged once per page, however often the guard runs before it leaves the
 * URL. A refused ticket (invalid, used, expired; the server's message is shown) leaves no session: the
 * link was meant to sign in as someone, so nobody else's session stays in force.
 */
export function signInWithTicket(ticket: string): Promise<void> {
  if (lastTicket?.ticket !== ticket) {
    const exchange = passportApi.ticketLogin(ticket).then(storeLogin, dropSession);
    lastTicket = { ticket, exchange };
  }
  return lastTicket.exchange;
}

/** Drops everything the session holds: session storage, the company cache, the cookie, the menu. */
export function dropSession(): void {
  clearSession();
  queryClient.removeQueries({ queryKey: queryKeys.menu.all });
  queryClient.removeQueries({ queryKey: queryKeys.userInfo.all });
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

/** What the web's unit tests answer in place of the server (their stubbed fetch), and the app around a page. */
import { ok as envelope, TOKEN_COOKIE, type UserInfo } from "@pc/contract";
import { render } from "@testing-library/react";
import Cookies from "js-cookie";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router";
import { type Mock, vi } from "vitest";
import { Providers } from "../app/providers.tsx";
import { queryClient } from "../app/queryClient.ts";

/** A success envelope around `data`, as every JSON call of the console answers. */
export const ok = (data: unknown): Response =>
  new Response(JSON.stringify(envelope(data)), { headers: { "Content-Type": "application/json" } });

/** `user_info` of a signed-in publisher's staff member without a role; `who` names them and gives roles. */
export const userInfo = (
  who: Pick<UserInfo, "user_id" | "user_name" | "name" | "email" | "company_id"> & Partial<UserInfo>,
): UserInfo => ({
  account_id: who.company_id,
  company_name: "Demo Publisher",
  status: 1,
  create_time: "",
  modify_time: "",
  modify_user_id: null,
  opt_permission: [],
  role_id: [],
  report_scope: "all",
  is_operator: false,
  ...who,
});

/** A publisher's staff member without a role. */
export const NORA = userInfo({
  user_id: 7,
  user_name: "Nora Norole",
  name: "Nora",
  email: "nora@demo.test",
  company_id: 2,
});

/** After a test: the real fetch back, the stub's calls, the query cache and the session cookie cleared. */
export function resetStubServer(server: Mock<typeof fetch>): void {
  vi.unstubAllGlobals();
  server.mockClear();
  queryClient.clear();
  Cookies.remove(TOKEN_COOKIE);
}

/** Renders a page as the app does: inside its providers and a router. */
export const renderPage = (page: ReactElement) =>
  render(
    <Providers>
      <MemoryRouter>{page}</MemoryRouter>
    </Providers>,
  );

/**
 * Account set-up for the account, password and registration specs: direct calls with the admin page's session
 * (the screens under test are always driven through the page).
 */
import { createHash } from "node:crypto";
import { expect, type Page } from "@playwright/test";

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export interface StaffAccount {
  user_id: number;
  user_name: string;
  email: string;
  password: string;
}

const md5 = (text: string) => createHash("md5").update(text).digest("hex");

async function tokenOf(page: Page): Promise<string> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === "token")?.value;
  if (!token) throw new Error("not signed in");
  return token;
}

async function call<T>(page: Page, method: "GET" | "POST" | "PUT", path: string, data?: unknown): Promise<T> {
  const response = await page.request.fetch(path, {
    method,
    headers: { token: await tokenOf(page), lang: "en" },
    data,
  });
  expect(response.ok()).toBe(true);
  const answer = (await response.json()) as Envelope<T>;
  expect(answer.code, answer.msg).toBe(200);
  return answer.data;
}

/** An email no other test or run uses (tests share one server and run two at a time). */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${Math.floor(Math.random() * 46656).toString(36)}@e2e.test`;
}

/** A user name of at most 30 characters, unique like uniqueEmail. */
export function uniqueName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.slice(0, 30);
}

export const accountsApi = {
  /** Creates an operations staff account in the admin's company. */
  createStaff: async (admin: Page, prefix: string, password = "Staff12345"): Promise<StaffAccount> => {
    const me = await call<{ account_id: number }>(admin, "GET", "/api/v1/user/user_info");
    const email = uniqueEmail(prefix);
    const user_name = uniqueName(`E2E ${prefix}`);
    const { user_id } = await call<{ user_id: number }>(admin, "POST", "/v1/user", {
      user_name,
      email,
      password: md5(password),
      role_ids: [3],
      account_id: me.account_id,
    });
    return { user_id, user_name, email, password };
  },
};

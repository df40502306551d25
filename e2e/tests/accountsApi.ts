/**
 * Account set-up for the account, password and registration specs: direct calls with the admin page's session
 * (the screens under test are always driven through the page).
 */
import { createHash } from "node:crypto";
import type { Page } from "@playwright/test";
import { callApi } from "./apiCall.ts";

export interface StaffAccount {
  user_id: number;
  user_name: string;
  email: string;
  password: string;
}

const md5 = (text: string) => createHash("md5").update(text).digest("hex");

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
    const me = await callApi<{ account_id: number }>(admin, "GET", "/api/v1/user/user_info");
    const email = uniqueEmail(prefix);
    const user_name = uniqueName(`E2E ${prefix}`);
    const { user_id } = await callApi<{ user_id: number }>(admin, "POST", "/v1/user", {
      data: { user_name, email, password: md5(password), role_ids: [3], account_id: me.account_id },
    });
    return { user_id, user_name, email, password };
  },
};

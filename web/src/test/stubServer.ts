/** What the web's unit tests answer in place of the server (their stubbed fetch). */
import type { UserInfo } from "@pc/contract";

/** A success envelope around `data`, as every JSON call of the console answers. */
export const ok = (data: unknown): Response =>
  new Response(JSON.stringify({ code: 200, msg: "Success", data }), {
    headers: { "Content-Type": "application/json" },
  });

/** `user_info` of a signed-in publisher's staff member without a role; `who` names them and gives roles. */
export const userInfo = (
  who: Pick<UserInfo, "user_id" | "user_name" | "name" | "email" | "company_id"> & Partial<UserInfo>,
): UserInfo => ({
  account_id: who.company_id,
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

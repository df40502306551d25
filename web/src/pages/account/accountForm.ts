/**
 * The account list's and form's pure rules (docs/rules/screens.md#account-management;
 * docs/rules/validation.md#account-form): dates shown as yyyy-MM-DD, the permission choice (only operations
 * staff assignable, locked for administrators and super admins), the create and edit bodies (passwords as
 * MD5), and where a server refusal goes on the form.
 */
import {
  ASSIGNABLE_ROLE,
  isManagementAccount,
  Role,
  type RoleId,
  type UserCreateBody,
  type UserRow,
  type UserUpdateBody,
} from "@pc/contract";
import { passwordDigest } from "../../api/digest.ts";

export interface AccountFormValues {
  user_name: string;
  email: string;
  /** The chosen permission (one role id), undefined while none is chosen. */
  role: RoleId | undefined;
  /** Required on add; on edit empty means unchanged. */
  password: string;
}

export type AccountFormField = keyof AccountFormValues;

/**
 * The date part of a `yyyy-MM-DD HH:mm:ss` time (create and modify times as dates;
 * docs/rules/screens.md#account-management).
 */
export function datePart(time: string | null | undefined): string {
  if (!time) return "";
  const match = /^\d{4}-\d{2}-\d{2}/.exec(time.trim());
  return match ? match[0] : time;
}

/** Every role in order, only the assignable one choosable. */
export const ROLE_CHOICES: readonly { value: RoleId; assignable: boolean }[] = (
  Object.values(Role) as RoleId[]
).map((value) => ({ value, assignable: value === ASSIGNABLE_ROLE }));

/** The permission shown for a row: its highest role (1 before 2 before 3), or none. */
export function roleOf(roleIds: readonly number[]): RoleId | undefined {
  return ROLE_CHOICES.find((choice) => roleIds.includes(choice.value))?.value;
}

/** Whether the row's permission cannot be changed (an administrator or super admin). */
export const roleLocked = (row: Pick<UserRow, "role_ids"> | null): boolean =>
  row !== null && isManagementAccount(row.role_ids);

/** The form's starting values: empty with operations staff on add, the row's on edit (password empty). */
export function initialValues(row: UserRow | null): AccountFormValues {
  if (!row) return { user_name: "", email: "", role: ASSIGNABLE_ROLE, password: "" };
  return { user_name: row.user_name, email: row.email, role: roleOf(row.role_ids), password: "" };
}

/** `POST /v1/user`. */
export function createBody(values: AccountFormValues, accountId: number): UserCreateBody {
  return {
    user_name: values.user_name.trim(),
    email: values.email.trim(),
    password: passwordDigest(values.password),
    role_ids: values.role === undefined ? [] : [values.role],
    account_id: accountId,
  };
}

/** `PUT /v1/user`: a locked row keeps its roles as they are; an empty password is left out (unchanged). */
export function updateBody(values: AccountFormValues, row: UserRow, accountId: number): UserUpdateBody {
  const password = values.password;
  return {
    user_info: {
      user_name: values.user_name.trim(),
      email: values.email.trim(),
      ...(password ? { password: passwordDigest(password) } : {}),
    },
    user_id: row.user_id,
    role_ids: roleLocked(row) ? [...row.role_ids] : values.role === undefined ? [] : [values.role],
    account_id: accountId,
  };
}

/** Whether saving the edit form changes the user's password (and so needs a confirmation). */
export const changesPassword = (values: Pick<AccountFormValues, "password">): boolean =>
  values.password.length > 0;

const SERVER_FIELDS: Record<string, AccountFormField> = {
  user_name: "user_name",
  email: "email",
  password: "password",
  role_ids: "role",
};

/** The form field a server refusal names (`email`, `user_info.email`, `role_ids`…), if it is one of the form's. */
export function formFieldOf(serverField: string | undefined): AccountFormField | undefined {
  if (!serverField) return undefined;
  const last = serverField.split(".").at(-1) ?? serverField;
  return SERVER_FIELDS[last];
}

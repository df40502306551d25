/**
 * A direct call to the console's API with the browser's session, expecting success: for test set-up and for
 * reading back what a screen saved (the screens under test are always driven through the page).
 */
import { expect, type Page } from "@playwright/test";

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function tokenOf(page: Page): Promise<string> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === "token")?.value;
  if (!token) throw new Error("not signed in");
  return token;
}

/** Calls the API in English with the page's session token; the answer must be HTTP 200 and code 200. */
export async function callApi<T>(
  page: Page,
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  options: { params?: Record<string, string | number>; data?: unknown } = {},
): Promise<T> {
  const response = await page.request.fetch(path, {
    method,
    headers: { token: await tokenOf(page), lang: "en" },
    params: options.params,
    data: options.data,
  });
  expect(response.ok()).toBe(true);
  const answer = (await response.json()) as Envelope<T>;
  expect(answer.code, answer.msg).toBe(200);
  return answer.data;
}

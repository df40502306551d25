import Cookies from "js-cookie";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getToken, removeToken, setToken } from "./session.ts";

const nextTask = () => new Promise((resolve) => setTimeout(resolve));

describe("the session token", () => {
  afterEach(() => removeToken());

  it("reads the cookie store once per task, and sees this tab's own changes at once", () => {
    const read = vi.spyOn(Cookies, "get");
    setToken("first");
    read.mockClear();
    expect([getToken(), getToken(), getToken()]).toEqual(["first", "first", "first"]);
    expect(read).toHaveBeenCalledTimes(1);

    setToken("second");
    expect(getToken()).toBe("second");
    removeToken();
    expect(getToken()).toBeUndefined();
    read.mockRestore();
  });

  it("sees a change made elsewhere (another tab) from the next task on", async () => {
    setToken("mine");
    expect(getToken()).toBe("mine");
    Cookies.set("token", "theirs", { path: "/" });
    await nextTask();
    expect(getToken()).toBe("theirs");
  });
});

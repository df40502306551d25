/**
 * Links into the console: the `t` of a link is a one-time, short-lived sign-in ticket
 * exchanged for a session of its own, never a session token, and the log never holds it.
 */
import {
  Code,
  type LoginAnswer,
  MESSAGES,
  SIGN_IN_TICKET_SECONDS,
  type SignInTicketAnswer,
  type UserInfo,
} from "@pc/contract";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, DEMO_EMAIL, DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { createTestDatabase, type TestDatabase } from "./support/database.ts";
import { tokenOverHttp } from "./support/http-sign-in.ts";
import { type ServerProcess, startServerProcess } from "./support/server-process.ts";
import { tokenFor } from "./support/sign-in.ts";

const TICKET = "/v1/passport/sign_in_ticket";
const TICKET_LOGIN = "/v1/passport/user/ticket_login";

describe("sign-in tickets", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const mint = (token?: string) =>
    call<SignInTicketAnswer>(t.app, {
      method: "POST",
      url: TICKET,
      headers: { lang: "en", ...(token ? { token } : {}) },
    });
  const exchange = (payload: Record<string, unknown>) =>
    call<LoginAnswer>(t.app, { method: "POST", url: TICKET_LOGIN, headers: { lang: "en" }, payload });
  const userInfo = (token: string) =>
    call<UserInfo>(t.app, { method: "GET", url: "/api/v1/user/user_info", headers: { token } });
  const refusedTicket = { code: Code.ParamError, msg: MESSAGES.ticketInvalid.en, data: { field: "ticket" } };

  it("gives a signed-in user a ticket, exchanged once for a new session of that user", async () => {
    const token = await tokenFor(t.app, DEMO_EMAIL, DEMO_PASSWORD);
    const minted = await mint(token);
    expect(minted).toMatchObject({
      status: 200,
      code: Code.Ok,
      data: { expires_in: SIGN_IN_TICKET_SECONDS },
    });
    const { ticket } = minted.data;
    expect(ticket).toMatch(/^[1-9]\d*\.[\w-]{43}$/);
    expect(ticket).not.toBe(token);

    const signedIn = await exchange({ ticket });
    expect(signedIn).toMatchObject({
      status: 200,
      code: Code.Ok,
      data: { user_info: { email: DEMO_EMAIL } },
    });
    const session = signedIn.data.token;
    expect(session).not.toBe(token);
    expect(session).not.toBe(ticket);
    expect((await userInfo(session)).data.email).toBe(DEMO_EMAIL);
    // The ticket itself is no session, and it is spent.
    expect((await userInfo(ticket)).code).toBe(Code.TokenInvalid);
    expect(await exchange({ ticket })).toMatchObject(refusedTicket);
    // The session that asked for it goes on.
    expect((await userInfo(token)).code).toBe(Code.Ok);
  });

  it("refuses a session token in place of a ticket: a link cannot carry a session", async () => {
    const token = await tokenFor(t.app, DEMO_EMAIL, DEMO_PASSWORD);
    expect(await exchange({ ticket: token })).toMatchObject(refusedTicket);
  });

  it("refuses an expired ticket", async () => {
    const token = await tokenFor(t.app, DEMO_EMAIL, DEMO_PASSWORD);
    const { ticket } = (await mint(token)).data;
    await t.runtime.database.db
      .updateTable("sign_in_ticket")
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .execute();
    expect(await exchange({ ticket })).toMatchObject(refusedTicket);
  });

  it("refuses the ticket of a session signed out since", async () => {
    const token = await tokenFor(t.app, DEMO_EMAIL, DEMO_PASSWORD);
    const { ticket } = (await mint(token)).data;
    const logout = await call(t.app, { method: "POST", url: "/v1/passport/user/logout", headers: { token } });
    expect(logout.code).toBe(Code.Ok);
    expect(await exchange({ ticket })).toMatchObject(refusedTicket);
  });

  it("gives no ticket without a session and names a missing ticket", async () => {
    expect((await mint()).code).toBe(Code.TokenInvalid);
    expect(await exchange({})).toMatchObject({ code: Code.ParamError, data: { field: "ticket" } });
    expect(await exchange({ ticket: "x".repeat(200) })).toMatchObject({
      code: Code.ParamError,
      data: { field: "ticket" },
    });
  });
});

describe("the log of a link into the console", () => {
  let database: TestDatabase;
  let server: ServerProcess;

  beforeAll(async () => {
    database = await createTestDatabase();
    // Generous: the process migrates and seeds on a busy machine.
    server = await startServerProcess(database.url ? { DATABASE_URL: database.url } : {}, 120_000);
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it("holds neither the ticket nor a token put in a link, the rest of the URL as sent", async () => {
    const { url } = server;
    const token = await tokenOverHttp(url, DEMO_EMAIL, DEMO_PASSWORD);
    const minted = await fetch(`${url}${TICKET}`, { method: "POST", headers: { token } });
    const { ticket } = ((await minted.json()) as { data: SignInTicketAnswer }).data;

    const paths = [
      `/adSpace/adSpaceList?name=demo&t=${ticket}&f=sso`,
      // An old link, with a session token in it; and the name percent-encoded.
      `/home?t=${token}`,
      `/home?%74=${token}&x=1`,
    ];
    for (const path of paths) await fetch(`${url}${path}`);
    const answer = await fetch(`${url}${TICKET_LOGIN}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ticket }),
    });
    expect(((await answer.json()) as { code: number }).code).toBe(Code.Ok);

    const logged = (path: string) =>
      server.waitForLog((line) => {
        const req = line.req as { url?: string } | undefined;
        return req?.url === path;
      });
    await logged("/adSpace/adSpaceList?name=demo&t=[Redacted]&f=sso");
    await logged("/home?t=[Redacted]");
    await logged("/home?%74=[Redacted]&x=1");
    await logged(TICKET_LOGIN);
    const text = server.logs.map((line) => JSON.stringify(line)).join("\n");
    expect(text).not.toContain(ticket);
    expect(text).not.toContain(token);
  });
});

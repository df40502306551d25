/** The signed external API: signatures, replay, companies, profit centres and their notices. */
import {
  Code,
  type CompanyRow,
  Flag,
  MESSAGES,
  type NoticeAnswer,
  NoticeType,
  nowSeconds,
  type ProfitCenterRow,
  ProfitCenterStatus,
  SIGNATURE_WINDOW_SECONDS,
  sign,
} from "@pc/contract";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { prepareRuntime } from "../src/bootstrap.ts";
import { DEV_EXTERNAL_API_SECRET } from "../src/config.ts";
import { sendExternalCall } from "../src/modules/external/client.ts";
import { signClaimer } from "../src/modules/external/service.ts";
import { OPERATOR_ADMIN_EMAIL } from "../src/seed/demo.ts";
import { call, DEMO_EMAIL, DEMO_PASSWORD, envelopeOf, startTestApp, type TestApp } from "./support/app.ts";
import { type QueryParams, send, signedCall, signedPairs, signedUrl, urlOf } from "./support/external.ts";
import { tokenFor } from "./support/sign-in.ts";

let t: TestApp;
let demoCompanyId: number;
let operatorCompanyId: number;

beforeAll(async () => {
  t = await startTestApp();
  const companies = await t.runtime.database.db
    .selectFrom("company")
    .select(["id", "is_operator"])
    .orderBy("id")
    .execute();
  operatorCompanyId = companies.find((c) => c.is_operator)?.id ?? 0;
  demoCompanyId = companies.find((c) => !c.is_operator)?.id ?? 0;
});
afterAll(() => t.close());

const db = () => t.runtime.database.db;
const en = (key: keyof typeof MESSAGES) => MESSAGES[key].en;
const COMPANIES = "/external_api/company/list";
const PROFIT_CENTERS = "/external_api/profit_center";
const NOTICE = "/external_api/profit_center/notice";

const notice = (body: Record<string, unknown>) =>
  signedCall<NoticeAnswer>(t.app, "POST", NOTICE, {}, { body: JSON.stringify(body) });

async function countOf(table: "external_api_sign" | "profit_center_notice" | "audit_log") {
  const row = await db()
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Everything a refused call must leave as it was. */
async function snapshot() {
  return {
    profitCenters: await db().selectFrom("profit_center").selectAll().orderBy("id").execute(),
    notices: await db().selectFrom("profit_center_notice").selectAll().orderBy("notice_id").execute(),
    companies: await db()
      .selectFrom("company")
      .select(["id", "profit_center_id", "modify_time"])
      .orderBy("id")
      .execute(),
    audits: await countOf("audit_log"),
    signs: await countOf("external_api_sign"),
  };
}

describe("signature", () => {
  it("accepts a signed call and answers the profit centres", async () => {
    const answer = await signedCall<{ list: ProfitCenterRow[]; total: number }>(t.app, "GET", PROFIT_CENTERS);
    expect(answer.status).toBe(200);
    expect(answer.code).toBe(Code.Ok);
    expect(answer.data).toEqual({ list: [], total: 0 });
  });

  it("refuses a call signed with another key, with nothing recorded", async () => {
    const signs = await countOf("external_api_sign");
    const answer = await signedCall(t.app, "GET", PROFIT_CENTERS, {}, { secret: "not-the-real-secret" });
    expect(answer).toMatchObject({ status: 200, code: Code.ParamError, msg: en("signWrong") });
    expect(answer.data).toEqual({ field: "sign" });
    expect(await countOf("external_api_sign")).toBe(signs);
  });

  it("refuses a missing or malformed timestamp or sign, naming the field", async () => {
    const pairs = await signedPairs({ status: "1" });
    const without = (name: string) => pairs.filter(([key]) => key !== name);
    const replaced = (name: string, value: string) =>
      pairs.map(([key, old]): [string, string] => [key, key === name ? value : old]);
    const cases: [string, [string, string][], string][] = [
      ["timestamp", without("timestamp"), "Missing parameter: timestamp"],
      ["sign", without("sign"), "Missing parameter: sign"],
      ["timestamp", replaced("timestamp", ""), "Missing parameter: timestamp"],
      ["timestamp", replaced("timestamp", "17e8"), en("timestampMalformed")],
      ["timestamp", replaced("timestamp", "-1"), en("timestampMalformed")],
      ["sign", replaced("sign", "abc"), en("signMalformed")],
      ["sign", replaced("sign", (pairs.at(-1)?.[1] ?? "").toUpperCase()), en("signMalformed")],
      ["sign", [...pairs, ["sign", pairs.at(-1)?.[1] ?? ""]], en("signMalformed")],
    ];
    for (const [field, query, msg] of cases) {
      const answer = await send(t.app, "GET", urlOf(PROFIT_CENTERS, query));
      expect(envelopeOf(answer)).toEqual({
        code: Code.ParamError,
        msg,
        data: { field },
      });
    }
  });

  it("refuses a stale or future timestamp and accepts one inside the window", async () => {
    // Ten seconds past the edge either way, so a second ticking during the test cannot flip the answer.
    const now = nowSeconds();
    const stale = await signedCall(t.app, "GET", PROFIT_CENTERS, {}, { timestamp: now - 310 });
    expect(stale).toMatchObject({ code: Code.ParamError, data: { field: "timestamp" } });
    expect(stale.msg).toMatch(/more than 300 seconds older than the server time/);
    const future = await signedCall(t.app, "GET", PROFIT_CENTERS, {}, { timestamp: now + 310 });
    expect(future).toMatchObject({ code: Code.ParamError, data: { field: "timestamp" } });
    expect(future.msg).toMatch(/more than 300 seconds ahead of the server time/);
    const inMilliseconds = await signedCall(t.app, "GET", PROFIT_CENTERS, {}, { timestamp: Date.now() });
    expect(inMilliseconds.data).toEqual({ field: "timestamp" });

    for (const timestamp of [now - SIGNATURE_WINDOW_SECONDS + 10, now + SIGNATURE_WINDOW_SECONDS - 10]) {
      expect((await signedCall(t.app, "GET", PROFIT_CENTERS, {}, { timestamp })).code).toBe(Code.Ok);
    }
  });

  it("refuses a replayed sign, also with its parameters reordered", async () => {
    const pairs = await signedPairs({ status: "1", page_size: "20" });
    const first = await send(t.app, "GET", urlOf(PROFIT_CENTERS, pairs));
    expect(first.code).toBe(Code.Ok);
    const again = await send(t.app, "GET", urlOf(PROFIT_CENTERS, pairs));
    expect(again).toMatchObject({ code: Code.ParamError, msg: en("signReplayed"), data: { field: "sign" } });
    const reordered = await send(t.app, "GET", urlOf(PROFIT_CENTERS, [...pairs].reverse()));
    expect(reordered.msg).toBe(en("signReplayed"));
    // Two identical calls in the same second have the same sign: the second is a replay...
    const timestamp = nowSeconds();
    const bare = await signedUrl(PROFIT_CENTERS, { page_size: "30" }, { timestamp, nonce: false });
    expect((await send(t.app, "GET", bare)).code).toBe(Code.Ok);
    expect((await send(t.app, "GET", bare)).msg).toBe(en("signReplayed"));
    // ...unless a nonce tells them apart.
    for (const nonce of ["a", "b"]) {
      expect((await signedCall(t.app, "GET", PROFIT_CENTERS, { nonce }, { timestamp })).code).toBe(Code.Ok);
    }
  });

  it("accepts parameters in any order, and a list repeated or comma-separated alike", async () => {
    const query: QueryParams = {
      page_size: "20",
      is_publisher: "1",
      cooperation_types: ["1", "3"],
      page_no: "1",
    };
    const pairs = await signedPairs(query);
    // Names in any order (the values of one repeated name keep theirs: a list's order is part of it).
    const shuffled = [...pairs].sort(([a], [b]) => b.localeCompare(a));
    expect(shuffled.map(([name]) => name)).not.toEqual(pairs.map(([name]) => name));
    expect((await send(t.app, "GET", urlOf(COMPANIES, shuffled))).code).toBe(Code.Ok);
    const listReordered = await signedPairs({ cooperation_types: ["1", "3"] });
    const swapped = listReordered.map(([name, value]): [string, string] => [
      name,
      name === "cooperation_types" ? (value === "1" ? "3" : "1") : value,
    ]);
    expect((await send(t.app, "GET", urlOf(COMPANIES, swapped))).msg).toBe(en("signWrong"));

    // `cooperation_types=1&cooperation_types=3` and `cooperation_types=1,3` sign the same string.
    const timestamp = nowSeconds() - 1;
    const signature = await sign(DEV_EXTERNAL_API_SECRET, { cooperation_types: "1,3" }, timestamp);
    const repeated = await send(
      t.app,
      "GET",
      urlOf(COMPANIES, [
        ["cooperation_types", "1"],
        ["sign", signature],
        ["cooperation_types", "3"],
        ["timestamp", String(timestamp)],
      ]),
    );
    expect(repeated.code).toBe(Code.Ok);
  });

  it("refuses a tampered query value or body", async () => {
    const pairs = await signedPairs({ is_publisher: "1" });
    const tampered = pairs.map(([key, value]): [string, string] => [
      key,
      key === "is_publisher" ? "2" : value,
    ]);
    expect((await send(t.app, "GET", urlOf(COMPANIES, tampered))).msg).toBe(en("signWrong"));
    const added = await send(t.app, "GET", urlOf(COMPANIES, [...pairs, ["page_size", "40"]]));
    expect(added.msg).toBe(en("signWrong"));

    const before = await snapshot();
    const body = JSON.stringify({
      notice_id: "tamper-1",
      type: NoticeType.CreateProfitCenter,
      profit_center_id: 990,
      name: "Tampered",
    });
    const url = await signedUrl(NOTICE, {}, { body });
    const changed = await send(t.app, "POST", url, body.replace("Tampered", "Tampered!"));
    expect(changed).toMatchObject({ code: Code.ParamError, msg: en("signWrong"), data: { field: "sign" } });
    const reformatted = await send(t.app, "POST", url, ` ${body}`);
    expect(reformatted.msg).toBe(en("signWrong"));
    const unsignedBody = await send(t.app, "POST", await signedUrl(NOTICE), body);
    expect(unsignedBody.msg).toBe(en("signWrong"));
    const bodyInQuery = await send(t.app, "POST", await signedUrl(NOTICE, { body: "x" }, { body }), body);
    expect(bodyInQuery).toMatchObject({ code: Code.ParamError, data: { field: "body" } });
    expect(await snapshot()).toEqual(before);
  });

  it("checks the signature before the parameters", async () => {
    const pairs = await signedPairs({ page_size: "abc" }, { secret: "not-the-real-secret" });
    expect((await send(t.app, "GET", urlOf(COMPANIES, pairs))).msg).toBe(en("signWrong"));
  });

  it("does not spend a sign on a call refused for its parameters", async () => {
    const signs = await countOf("external_api_sign");
    const answer = await signedCall(t.app, "GET", COMPANIES, { page_size: "abc" });
    expect(answer).toMatchObject({ code: Code.ParamError, data: { field: "page_size" } });
    expect(await countOf("external_api_sign")).toBe(signs);
  });
});

describe("seen signs", () => {
  it("are forgotten once their window (and a margin for clock drift) has passed", async () => {
    const now = nowSeconds();
    const at = (seconds: number) => new Date(seconds * 1000);
    await db()
      .insertInto("external_api_sign")
      .values([
        { sign: "f".repeat(64), expires_at: at(now - 1) },
        { sign: "e".repeat(64), expires_at: at(now + 60) },
      ])
      .execute();
    // A fresh claimer purges on its first claim.
    await signClaimer(db())({ sign: "d".repeat(64), timestamp: now }, now);
    const kept = await db().selectFrom("external_api_sign").select(["sign", "expires_at"]).execute();
    const signs = kept.map((row) => row.sign);
    expect(signs).not.toContain("f".repeat(64));
    expect(signs).toEqual(expect.arrayContaining(["e".repeat(64), "d".repeat(64)]));
    // Kept until its timestamp is 300 s + 60 s old: a replay inside the window always finds it.
    const claimed = kept.find((row) => row.sign === "d".repeat(64));
    expect(claimed?.expires_at.getTime()).toBe(at(now + SIGNATURE_WINDOW_SECONDS + 60).getTime());
    await expect(signClaimer(db())({ sign: "d".repeat(64), timestamp: now }, now)).rejects.toMatchObject({
      messageKey: "signReplayed",
    });
  });
});

describe("company list", () => {
  beforeAll(async () => {
    await db()
      .updateTable("company")
      .set({ cooperation_types: [1, 3] })
      .where("id", "=", demoCompanyId)
      .execute();
    await db()
      .updateTable("company")
      .set({ cooperation_types: [2] })
      .where("id", "=", operatorCompanyId)
      .execute();
  });

  const list = async (query: QueryParams) =>
    signedCall<{ list: CompanyRow[]; total: number }>(t.app, "GET", COMPANIES, query);
  const ids = async (query: QueryParams) => {
    const answer = await list(query);
    expect(answer.code).toBe(Code.Ok);
    return answer.data.list.map((row) => row.id);
  };

  it("answers every company, paged, with total", async () => {
    const answer = await list({});
    expect(answer.data.total).toBe(2);
    expect(answer.data.list.find((row) => row.id === demoCompanyId)).toMatchObject({
      name: "Demo Publisher",
      is_publisher: Flag.On,
      is_operator: Flag.Off,
      cooperation_types: [1, 3],
      profit_center_id: null,
    });
    expect(answer.data.list[0]?.create_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const second = await list({ page_no: "2", page_size: "1" });
    expect(second.data.total).toBe(2);
    expect(second.data.list.map((row) => row.id)).toEqual([Math.max(demoCompanyId, operatorCompanyId)]);
    expect((await list({ page_no: "9007199254740991", page_size: "100000" })).data).toEqual({
      list: [],
      total: 2,
    });
  });

  it("filters by is_publisher (1/2 or true/false; empty = all)", async () => {
    expect(await ids({ is_publisher: "1" })).toEqual([demoCompanyId]);
    expect(await ids({ is_publisher: "true" })).toEqual([demoCompanyId]);
    expect(await ids({ is_publisher: "2" })).toEqual([operatorCompanyId]);
    expect(await ids({ is_publisher: "false" })).toEqual([operatorCompanyId]);
    expect(await ids({ is_publisher: "" })).toHaveLength(2);
  });

  it("filters by cooperation types (any of them)", async () => {
    expect(await ids({ cooperation_types: "3" })).toEqual([demoCompanyId]);
    expect(await ids({ cooperation_types: "2,3" })).toHaveLength(2);
    expect(await ids({ cooperation_types: ["2"] })).toEqual([operatorCompanyId]);
    expect(await ids({ cooperation_types: "4" })).toEqual([]);
    expect(await ids({ cooperation_types: "3", is_publisher: "2" })).toEqual([]);
  });

  it("refuses malformed filters with 604 naming the field", async () => {
    const cases: [QueryParams, string][] = [
      [{ is_publisher: "3" }, "is_publisher"],
      [{ cooperation_types: "1,x" }, "cooperation_types.1"],
      [{ cooperation_types: "99999999999" }, "cooperation_types.0"],
      [{ page_size: "0" }, "page_size"],
      [{ page_size: "100001" }, "page_size"],
      [{ page_no: "1.5" }, "page_no"],
    ];
    for (const [query, field] of cases) {
      const answer = await list(query);
      expect({ query, code: answer.code, data: answer.data }).toEqual({
        query,
        code: Code.ParamError,
        data: { field },
      });
    }
  });
});

describe("profit centre notices", () => {
  it("creates, updates, closes a profit centre and moves companies, answering what changed", async () => {
    const auditsBefore = await countOf("audit_log");
    const created = await notice({
      notice_id: "n-create-10",
      type: NoticeType.CreateProfitCenter,
      profit_center_id: 10,
      name: "  EMEA  ",
    });
    expect(created.code).toBe(Code.Ok);
    expect(created.data).toMatchObject({
      notice_id: "n-create-10",
      type: NoticeType.CreateProfitCenter,
      repeated: false,
      changes: [
        {
          entity: "profit_center",
          id: 10,
          before: null,
          after: { name: "EMEA", status: ProfitCenterStatus.Open },
        },
      ],
    });
    expect(created.data.apply_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const moved = await notice({
      notice_id: "n-move-1",
      type: NoticeType.MoveCompany,
      company_id: demoCompanyId,
      profit_center_id: 10,
    });
    expect(moved.data.changes).toEqual([
      {
        entity: "company",
        id: demoCompanyId,
        before: { profit_center_id: null },
        after: { profit_center_id: 10 },
      },
    ]);
    const company = await db()
      .selectFrom("company")
      .select("profit_center_id")
      .where("id", "=", demoCompanyId)
      .executeTakeFirstOrThrow();
    expect(company.profit_center_id).toBe(10);

    const renamed = await notice({
      notice_id: "n-update-1",
      type: NoticeType.UpdateProfitCenter,
      profit_center_id: 10,
      name: "Europe",
    });
    expect(renamed.data.changes).toEqual([
      {
        entity: "profit_center",
        id: 10,
        before: { name: "EMEA", status: ProfitCenterStatus.Open },
        after: { name: "Europe", status: ProfitCenterStatus.Open },
      },
    ]);
    const closed = await notice({
      notice_id: "n-close-1",
      type: NoticeType.CloseProfitCenter,
      profit_center_id: 10,
    });
    expect(closed.data.changes[0]?.after).toEqual({ name: "Europe", status: ProfitCenterStatus.Closed });
    const closedAgain = await notice({
      notice_id: "n-close-2",
      type: NoticeType.CloseProfitCenter,
      profit_center_id: 10,
    });
    expect(closedAgain.data).toMatchObject({ changes: [], repeated: false });

    const listed = await signedCall<{ list: ProfitCenterRow[]; total: number }>(
      t.app,
      "GET",
      PROFIT_CENTERS,
      {
        status: "2",
      },
    );
    expect(listed.data.list).toMatchObject([{ id: 10, name: "Europe", status: ProfitCenterStatus.Closed }]);
    expect(
      (await signedCall<{ total: number }>(t.app, "GET", PROFIT_CENTERS, { status: "1" })).data.total,
    ).toBe(0);

    const left = await notice({
      notice_id: "n-move-2",
      type: NoticeType.MoveCompany,
      company_id: demoCompanyId,
      profit_center_id: null,
    });
    expect(left.data.changes).toEqual([
      {
        entity: "company",
        id: demoCompanyId,
        before: { profit_center_id: 10 },
        after: { profit_center_id: null },
      },
    ]);

    const audits = await db()
      .selectFrom("audit_log")
      .select(["company_id", "action", "entity", "entity_id", "user_id"])
      .where("entity", "in", ["profit_center", "company"])
      .where("action", "!=", "create")
      .orderBy("id")
      .execute();
    expect(audits).toEqual([
      {
        company_id: demoCompanyId,
        action: "update",
        entity: "company",
        entity_id: String(demoCompanyId),
        user_id: null,
      },
      {
        company_id: operatorCompanyId,
        action: "update",
        entity: "profit_center",
        entity_id: "10",
        user_id: null,
      },
      {
        company_id: operatorCompanyId,
        action: "close",
        entity: "profit_center",
        entity_id: "10",
        user_id: null,
      },
      {
        company_id: demoCompanyId,
        action: "update",
        entity: "company",
        entity_id: String(demoCompanyId),
        user_id: null,
      },
    ]);
    // create, move, update, close, move: one audit row each (closing again changed nothing).
    expect((await countOf("audit_log")) - auditsBefore).toBe(5);
  });

  it("answers the stored result when the same notice id comes again, changing nothing more", async () => {
    const body = {
      notice_id: "n-create-20",
      type: NoticeType.CreateProfitCenter,
      profit_center_id: 20,
      name: "APAC",
    };
    const first = await notice(body);
    expect(first.data.repeated).toBe(false);
    const before = await snapshot();
    const again = await notice(body);
    expect(again.code).toBe(Code.Ok);
    expect(again.data).toEqual({ ...first.data, repeated: true });
    // The same notice with its keys in another order and the name padded is the same notice.
    const reordered = await notice({
      name: " APAC ",
      profit_center_id: 20,
      type: body.type,
      notice_id: body.notice_id,
    });
    expect(reordered.data).toEqual({ ...first.data, repeated: true });
    const after = await snapshot();
    expect({ ...after, signs: 0 }).toEqual({ ...before, signs: 0 });
    expect(after.signs).toBe(before.signs + 2);
    const stored = await db()
      .selectFrom("profit_center_notice")
      .selectAll()
      .where("notice_id", "=", body.notice_id)
      .executeTakeFirstOrThrow();
    expect(stored.payload).toEqual(body);
    expect(stored.result).toEqual({ ...first.data, repeated: undefined });
  });

  it("refuses a notice id already used for a different notice, with nothing written", async () => {
    const before = await snapshot();
    const answer = await notice({
      notice_id: "n-create-20",
      type: NoticeType.CreateProfitCenter,
      profit_center_id: 21,
      name: "APAC",
    });
    expect(answer).toMatchObject({ code: Code.ParamError, data: { field: "notice_id" } });
    expect(answer.msg).toBe("The notice id n-create-20 was already used for a different notice");
    expect({ ...(await snapshot()), signs: 0 }).toEqual({ ...before, signs: 0 });
  });

  it("refuses every bad notice with a clear code and writes nothing", async () => {
    await notice({
      notice_id: "n-create-30",
      type: NoticeType.CreateProfitCenter,
      profit_center_id: 30,
      name: "LATAM",
    });
    await notice({ notice_id: "n-close-30", type: NoticeType.CloseProfitCenter, profit_center_id: 30 });
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ type: NoticeType.CloseProfitCenter, profit_center_id: 30 }, "notice_id"],
      [{ notice_id: "", type: NoticeType.CloseProfitCenter, profit_center_id: 30 }, "notice_id"],
      [{ notice_id: "has space", type: NoticeType.CloseProfitCenter, profit_center_id: 30 }, "notice_id"],
      [{ notice_id: "x".repeat(65), type: NoticeType.CloseProfitCenter, profit_center_id: 30 }, "notice_id"],
      [{ notice_id: "b-1" }, "type"],
      [{ notice_id: "b-1", type: "profit_center.delete", profit_center_id: 30 }, "type"],
      [{ notice_id: "b-1", type: NoticeType.CreateProfitCenter, profit_center_id: 31 }, "name"],
      [{ notice_id: "b-1", type: NoticeType.CreateProfitCenter, profit_center_id: 31, name: "   " }, "name"],
      [
        {
          notice_id: "b-1",
          type: NoticeType.CreateProfitCenter,
          profit_center_id: 31,
          name: "x".repeat(101),
        },
        "name",
      ],
      [
        { notice_id: "b-1", type: NoticeType.CreateProfitCenter, profit_center_id: 31, name: "Fun 😀" },
        "name",
        en("illegalCharacters"),
      ],
      [
        { notice_id: "b-1", type: NoticeType.CreateProfitCenter, profit_center_id: 0, name: "A" },
        "profit_center_id",
      ],
      [
        { notice_id: "b-1", type: NoticeType.CreateProfitCenter, profit_center_id: 2 ** 31, name: "A" },
        "profit_center_id",
      ],
      [
        { notice_id: "b-1", type: NoticeType.CreateProfitCenter, profit_center_id: "31", name: "A" },
        "profit_center_id",
      ],
      [
        { notice_id: "b-1", type: NoticeType.CreateProfitCenter, profit_center_id: 1.5, name: "A" },
        "profit_center_id",
      ],
      [
        { notice_id: "b-1", type: NoticeType.CreateProfitCenter, profit_center_id: 31, name: "A", x: 1 },
        "body",
      ],
      [{ notice_id: "b-1", type: NoticeType.UpdateProfitCenter, profit_center_id: 30 }, "name"],
      [{ notice_id: "b-1", type: NoticeType.UpdateProfitCenter, profit_center_id: 30, status: 3 }, "status"],
      [{ notice_id: "b-1", type: NoticeType.MoveCompany, company_id: demoCompanyId }, "profit_center_id"],
      // Refused by the rules, after validation:
      [
        { notice_id: "b-1", type: NoticeType.CreateProfitCenter, profit_center_id: 30, name: "A" },
        "profit_center_id",
        en("profitCenterExists").replace("{id}", "30"),
      ],
      [
        { notice_id: "b-1", type: NoticeType.UpdateProfitCenter, profit_center_id: 404, name: "A" },
        "profit_center_id",
        "No profit centre with id 404",
      ],
      [
        { notice_id: "b-1", type: NoticeType.CloseProfitCenter, profit_center_id: 404 },
        "profit_center_id",
        "No profit centre with id 404",
      ],
      [
        { notice_id: "b-1", type: NoticeType.MoveCompany, company_id: demoCompanyId, profit_center_id: 404 },
        "profit_center_id",
        "No profit centre with id 404",
      ],
      [
        { notice_id: "b-1", type: NoticeType.MoveCompany, company_id: demoCompanyId, profit_center_id: 30 },
        "profit_center_id",
        "The profit centre 30 is closed and cannot take companies",
      ],
      [
        { notice_id: "b-1", type: NoticeType.MoveCompany, company_id: 99999, profit_center_id: null },
        "company_id",
        "No company with id 99999",
      ],
    ];
    const before = await snapshot();
    for (const [body, field, msg] of cases) {
      const answer = await notice(body);
      expect({ body, status: answer.status, code: answer.code, data: answer.data }).toEqual({
        body,
        status: 200,
        code: Code.ParamError,
        data: { field },
      });
      if (msg) expect(answer.msg).toBe(msg);
    }
    const after = await snapshot();
    expect({ ...after, signs: 0 }).toEqual({ ...before, signs: 0 });
    // The calls refused by the rules were signed correctly, so their signs are spent; the others are not.
    expect(after.signs).toBe(before.signs + 6);
  });

  it("answers a body that is not JSON as a transport error, with nothing written", async () => {
    const before = await snapshot();
    for (const body of ["{", "", "[1,2", "null"]) {
      const answer = await send(t.app, "POST", await signedUrl(NOTICE, {}, { body }), body);
      expect({ body, code: answer.code }).toEqual({ body, code: Code.ParamError });
    }
    const text = await call(t.app, {
      method: "POST",
      url: await signedUrl(NOTICE, {}, { body: "x" }),
      headers: { "content-type": "text/plain" },
      payload: "x",
    });
    expect({ status: text.status, code: text.code }).toEqual({ status: 415, code: Code.ParamError });
    expect(await snapshot()).toEqual(before);
  });
});

describe("internal lists for the console", () => {
  it("answers companies and profit centres to the operator's admins only", async () => {
    const operator = await tokenFor(t.app, OPERATOR_ADMIN_EMAIL, DEMO_PASSWORD);
    const publisher = await tokenFor(t.app, DEMO_EMAIL, DEMO_PASSWORD);
    for (const url of ["/v1/company/list?is_publisher=1&page_size=40", "/v1/profit_center/list?status="]) {
      const allowed = await call<{ list: unknown[]; total: number }>(t.app, {
        method: "GET",
        url,
        headers: { token: operator },
      });
      expect(allowed.code).toBe(Code.Ok);
      expect(allowed.data.total).toBeGreaterThan(0);
      const refused = await call(t.app, { method: "GET", url, headers: { token: publisher } });
      expect(refused.code).toBe(Code.NoPermission);
      expect((await call(t.app, { method: "GET", url })).code).toBe(Code.TokenInvalid);
    }
    const companies = await call<{ list: CompanyRow[] }>(t.app, {
      method: "GET",
      url: "/v1/company/list?is_publisher=1",
      headers: { token: operator },
    });
    expect(companies.data.list.map((row) => row.id)).toEqual([demoCompanyId]);
  });

  it("does not take the external signature as a session", async () => {
    const url = await signedUrl("/v1/company/list");
    expect((await send(t.app, "GET", url)).code).toBe(Code.TokenInvalid);
  });
});

describe("the partner client (the CLI's external command)", () => {
  it("signs and sends calls over HTTP, lists and bodies included", async () => {
    const baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const list = await sendExternalCall(baseUrl, DEV_EXTERNAL_API_SECRET, {
      method: "GET",
      path: COMPANIES,
      query: [
        ["cooperation_types", "1"],
        ["cooperation_types", "3"],
        ["is_publisher", "1"],
      ],
    });
    expect(list.status).toBe(200);
    expect(JSON.parse(list.text)).toMatchObject({ code: Code.Ok, data: { total: 1 } });
    expect(list.signed.signedString).toMatch(/^GET\n\/external_api\/company\/list\ncooperation_types=1&/);

    const body = JSON.stringify({
      notice_id: "n-client",
      type: NoticeType.CloseProfitCenter,
      profit_center_id: 20,
    });
    const answer = await sendExternalCall(baseUrl, DEV_EXTERNAL_API_SECRET, {
      method: "POST",
      path: NOTICE,
      query: [],
      body,
    });
    expect(JSON.parse(answer.text)).toMatchObject({ code: Code.Ok, data: { changes: [{ id: 20 }] } });
    const wrongKey = await sendExternalCall(baseUrl, "not-the-real-secret", {
      method: "GET",
      path: PROFIT_CENTERS,
      query: [],
    });
    expect(JSON.parse(wrongKey.text)).toMatchObject({ code: Code.ParamError, data: { field: "sign" } });
  });
});

describe("two server processes on one PostgreSQL database", () => {
  const needsPostgres = !process.env.DATABASE_URL;
  const reason = "needs DATABASE_URL: replay across processes is only meaningful with a shared PostgreSQL";

  it.skipIf(needsPostgres)(`refuses a sign replayed at another process (${reason})`, async () => {
    expect(t.runtime.database.kind).toBe("postgres");
    const other = await prepareRuntime(t.runtime.config);
    const otherApp = await buildApp(other);
    await otherApp.ready();
    try {
      // One after the other: accepted by the first process, refused by the second.
      const url = await signedUrl(PROFIT_CENTERS, { nonce: "sequential" });
      expect((await send(t.app, "GET", url)).code).toBe(Code.Ok);
      expect((await send(otherApp, "GET", url)).msg).toBe(en("signReplayed"));

      // At the same moment, many times over: exactly one process accepts each sign.
      for (let round = 0; round < 10; round += 1) {
        const same = await signedUrl(PROFIT_CENTERS, { nonce: `race-${round}` });
        const answers = await Promise.all([send(t.app, "GET", same), send(otherApp, "GET", same)]);
        expect(answers.map((a) => a.code).sort()).toEqual([Code.Ok, Code.ParamError]);
      }

      // The same notice at both processes at once: applied once, the other answers the stored result.
      const body = JSON.stringify({
        notice_id: "n-race",
        type: NoticeType.CreateProfitCenter,
        profit_center_id: 77,
        name: "Race",
      });
      const [a, b] = await Promise.all([
        signedCall<NoticeAnswer>(t.app, "POST", NOTICE, { nonce: "a" }, { body }),
        signedCall<NoticeAnswer>(otherApp, "POST", NOTICE, { nonce: "b" }, { body }),
      ]);
      expect([a.code, b.code]).toEqual([Code.Ok, Code.Ok]);
      expect([a.data.repeated, b.data.repeated].sort()).toEqual([false, true]);
      expect(a.data.changes).toEqual(b.data.changes);
      const rows = await sql<{
        count: number;
      }>`select count(*)::int as count from profit_center where id = 77`.execute(db());
      expect(rows.rows[0]?.count).toBe(1);
    } finally {
      await otherApp.close();
    }
  });
});

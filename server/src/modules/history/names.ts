/**
 * Names what a change's reference fields refer to: a placement's `app_id` reads as its app's
 * name. Only the company's own records are named (the apps module reads them by the session's company).
 */
import { type HistoryChange, historyValueKind } from "@pc/contract";
import type { Db } from "../../db/database.ts";
import { appNamesOf } from "../apps/service.ts";

interface RecordedChanges {
  entity: string;
  changes: HistoryChange[];
}

const isId = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value);
const refersToApp = (entity: string, change: HistoryChange) =>
  historyValueKind(entity, change.field).kind === "app";

/** Each row's changes, an app reference with the app's name before and after where the company has it. */
export async function namedChanges(
  db: Db,
  companyId: number,
  rows: readonly RecordedChanges[],
): Promise<HistoryChange[][]> {
  const appIds = rows.flatMap(({ entity, changes }) =>
    changes.filter((change) => refersToApp(entity, change)).flatMap(({ before, after }) => [before, after]),
  );
  const names = await appNamesOf(db, companyId, appIds.filter(isId));
  const nameOf = (value: unknown) => (isId(value) ? names.get(value) : undefined);
  const named = (change: HistoryChange): HistoryChange => {
    const before = nameOf(change.before);
    const after = nameOf(change.after);
    return {
      ...change,
      ...(before === undefined ? {} : { before_name: before }),
      ...(after === undefined ? {} : { after_name: after }),
    };
  };
  return rows.map(({ entity, changes }) =>
    changes.map((change) => (refersToApp(entity, change) ? named(change) : change)),
  );
}

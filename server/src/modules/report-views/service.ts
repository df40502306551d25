/**
 * Saved view rules: a view is one user's own, of one report; nobody else lists, changes or deletes it (another
 * user's or company's id is answered as not found). Names are unique per user and report ignoring case, checked
 * first and enforced by the database; a user keeps at most REPORT_VIEWS_MAX views of a report, counted while
 * the user's row is held so that creations racing in several processes cannot pass it. Fixed dates must be
 * searchable on the day they are saved. Each write is one transaction.
 *
 * A view writes no audit row: like the column preferences it stands beside, it is the user's own way of
 * looking at the report and changes nothing the company shares, so the company's change history leaves it out.
 */
import {
  Code,
  checkReportDates,
  REPORT_VIEWS_MAX,
  type ReportKindValue,
  type ReportViewListAnswer,
  type ReportViewRow,
  type ReportViewSelection,
  VIEW_SELECTIONS,
} from "@pc/contract";
import type { Db } from "../../db/database.ts";
import { inTransaction } from "../../db/transaction.ts";
import { AppError } from "../../lib/app-error.ts";
import { PgCode, violated } from "../../lib/db-errors.ts";
import { formatDateTime } from "../../lib/time.ts";
import { reportToday } from "../reports/days.ts";
import {
  countViews,
  deleteView as deleteViewRow,
  findView,
  insertView,
  listViews as listViewRows,
  lockOwner,
  updateView as updateViewRow,
  type ViewOwner,
  type ViewRecord,
  viewNameTaken,
} from "./repo.ts";

/** Who acts on which report's views: the session's company and user. */
export interface ViewActor {
  companyId: number;
  userId: number;
  kind: ReportKindValue;
}

/** A selection as the report's view schema reads it (the route validated it already). */
type Selection = ReportViewSelection;

const ownerOf = (actor: ViewActor): ViewOwner => actor;

/** A stored selection as answered: parsed again by its report's schema, as a schedule's saved query is. */
const selectionOf = (kind: ReportKindValue, stored: unknown): Selection =>
  VIEW_SELECTIONS[kind].parse(stored);

const toRow = (kind: ReportKindValue, record: ViewRecord, timeZone: string): ReportViewRow => ({
  id: record.id,
  kind,
  name: record.name,
  selection: selectionOf(kind, record.selection),
  create_time: formatDateTime(record.create_time, timeZone),
  modify_time: formatDateTime(record.modify_time, timeZone),
});

const notFound = () => new AppError(Code.ParamError, "reportViewNotFound", {}, "id");
const duplicate = () => new AppError(Code.ParamError, "reportViewNameDuplicate", {}, "name");

/** A write that lost a race to the unique name answers the same message as the check before it. */
async function answeringDuplicates<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (violated(error, PgCode.UniqueViolation)?.constraint === "report_view_name") throw duplicate();
    throw error;
  }
}

/** Fixed dates are the days searched when the view is saved: inside the report's window that day. */
function checkRange(selection: Selection, timeZone: string): void {
  const { range } = selection;
  if (range.type !== "fixed") return;
  const problem = checkReportDates(range, reportToday(timeZone));
  if (problem) throw new AppError(Code.ParamError, problem.message, {}, `selection.range.${problem.field}`);
}

export async function listViews(db: Db, actor: ViewActor, timeZone: string): Promise<ReportViewListAnswer> {
  const records = await listViewRows(db, ownerOf(actor));
  return { list: records.map((record) => toRow(actor.kind, record, timeZone)) };
}

async function rowOf(db: Db, actor: ViewActor, id: number, timeZone: string): Promise<ReportViewRow> {
  const record = await findView(db, ownerOf(actor), id);
  if (!record) throw notFound();
  return toRow(actor.kind, record, timeZone);
}

export async function createView(
  db: Db,
  actor: ViewActor,
  input: { name: string; selection: Selection },
  timeZone: string,
): Promise<ReportViewRow> {
  checkRange(input.selection, timeZone);
  const owner = ownerOf(actor);
  const id = await answeringDuplicates(() =>
    inTransaction(db, async (tx) => {
      if (!(await lockOwner(tx, owner))) throw new AppError(Code.TokenInvalid);
      if ((await countViews(tx, owner)) >= REPORT_VIEWS_MAX) {
        throw new AppError(Code.ParamError, "reportViewsTooMany", { max: REPORT_VIEWS_MAX });
      }
      if (await viewNameTaken(tx, owner, input.name)) throw duplicate();
      return insertView(tx, owner, input);
    }),
  );
  return rowOf(db, actor, id, timeZone);
}

export async function updateView(
  db: Db,
  actor: ViewActor,
  input: { id: number; name?: string | undefined; selection?: Selection | undefined },
  timeZone: string,
): Promise<ReportViewRow> {
  if (input.selection) checkRange(input.selection, timeZone);
  const owner = ownerOf(actor);
  await answeringDuplicates(() =>
    inTransaction(db, async (tx) => {
      if (!(await findView(tx, owner, input.id))) throw notFound();
      if (input.name !== undefined && (await viewNameTaken(tx, owner, input.name, input.id))) {
        throw duplicate();
      }
      if (!(await updateViewRow(tx, owner, input.id, input))) throw notFound();
    }),
  );
  return rowOf(db, actor, input.id, timeZone);
}

export async function deleteView(db: Db, actor: ViewActor, id: number): Promise<void> {
  if (!(await deleteViewRow(db, ownerOf(actor), id))) throw notFound();
}

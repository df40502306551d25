/**
 * The export of a report screen (docs/rules/errors.md; docs/rules/reports.md#export): the same query as the
 * table sent to `…/ssp/download`, the progress shown while the CSV arrives, the file saved under the server's
 * name. A JSON answer without a field (the query is too broad) shows "Please add more query conditions and
 * retry"; a failed transfer shows "Download Failed"; another refusal shows the server's message.
 */
import { Code } from "@pc/contract";
import { App } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  ApiError,
  type FileAnswer,
  type FileProgress,
  type FileRequestOptions,
} from "../../../api/client.ts";
import { saveBlob } from "../../../components/saveBlob.ts";
import { useContractText } from "../../../i18n/messages.ts";

export interface ExportState {
  running: boolean;
  /** 0–100, or null while the size is unknown. */
  percent: number | null;
}

/** How far an export has come: the CSV's lines (less the header) of the rows the server announced. */
export function exportPercent(progress: FileProgress): number | null {
  if (progress.rows === null) return null;
  if (progress.rows === 0) return 99;
  return Math.min(99, Math.floor((100 * Math.max(0, progress.lines - 1)) / progress.rows));
}

/** What went wrong with an export, as the message to show (null: already handled, e.g. the session ended). */
export function exportFailure(
  error: unknown,
): { kind: "tooBroad" } | { kind: "failed" } | { kind: "refused"; text: string } | null {
  if (!(error instanceof ApiError)) return { kind: "failed" };
  if (error.kind === "session") return null;
  if (error.kind !== "business" || error.code === 0) return { kind: "failed" };
  if (error.code === Code.ParamError && error.field === undefined) return { kind: "tooBroad" };
  return { kind: "refused", text: error.message };
}

export function useReportExport<Q>(
  download: (query: Q, options: FileRequestOptions) => Promise<FileAnswer>,
  fallbackName: () => string,
) {
  const { t } = useTranslation();
  const text = useContractText();
  const { message } = App.useApp();
  const [state, setState] = useState<ExportState>({ running: false, percent: null });

  const run = async (query: Q) => {
    if (state.running) return;
    setState({ running: true, percent: 0 });
    try {
      const file = await download(query, {
        quiet: () => true,
        onProgress: (progress) => setState({ running: true, percent: exportPercent(progress) }),
      });
      setState({ running: true, percent: 100 });
      saveBlob(file.blob, file.filename ?? fallbackName());
      void message.success(t("reports.exportDone"));
    } catch (error) {
      const failure = exportFailure(error);
      if (failure?.kind === "tooBroad") void message.warning(text.message("reportExportTooLarge"), 2);
      else if (failure?.kind === "refused") void message.warning(failure.text, 2);
      else if (failure?.kind === "failed") void message.error(text.message("reportDownloadFailed"), 3);
    } finally {
      setState({ running: false, percent: null });
    }
  };

  return { ...state, run };
}

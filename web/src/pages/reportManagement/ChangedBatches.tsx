/**
 * What a calculation changed (report management): every batch the call answered, the kind asked for and the
 * other kind a recalculation redid too, each with its day, company, kind and status, and a warning on those
 * it took back from published (hidden from publishers until published again).
 */
import { ExclamationCircleFilled } from "@ant-design/icons";
import type { LangValue, ReportManagedBatch } from "@pc/contract";
import { Typography } from "antd";
import { useTranslation } from "react-i18next";
import { KindTag, StatusTags } from "./batchTags.tsx";
import { batchKey } from "./useReportBatches.ts";

export function ChangedBatches({
  batches,
  lang,
}: {
  batches: readonly ReportManagedBatch[];
  lang: LangValue;
}) {
  const { t } = useTranslation();
  if (batches.length === 0) return <Typography.Text>{t("reportManagement.changed.none")}</Typography.Text>;
  return (
    <ul className="pc-changed-batches" data-testid="changed-batches">
      {batches.map((batch) => (
        <li key={batchKey(batch)} data-testid="changed-batch" data-kind={batch.kind}>
          <div className="pc-changed-batch-head">
            <span>{batch.dt}</span>
            <span>{batch.company_name}</span>
          </div>
          <div className="pc-changed-batch-tags">
            <KindTag kind={batch.kind} lang={lang} />
            <StatusTags row={batch} lang={lang} />
          </div>
          {batch.unpublished && (
            <span className="pc-changed-batch-note">
              <ExclamationCircleFilled className="pc-changed-batch-icon" aria-hidden />
              <Typography.Text data-testid="changed-batch-unpublished">
                {t("reportManagement.changed.unpublished")}
              </Typography.Text>
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A report batch's tags (report management, ReportManagementPage.tsx): its kind, and its status with staleness and the error's reason. */
import {
  type LangValue,
  REPORT_KIND_TITLES,
  REPORT_STALE_TITLE,
  REPORT_STATUS_TITLES,
  type ReportBatchRow,
  type ReportKindValue,
  ReportStatus,
  type ReportStatusValue,
} from "@pc/contract";
import { Space, Tag, Tooltip, Typography } from "antd";
import { useTranslation } from "react-i18next";

const STATUS_COLORS: Record<ReportStatusValue, string> = {
  pending: "default",
  calculating: "processing",
  calculated: "gold",
  published: "green",
  error: "red",
};

export function StatusTags({ row, lang }: { row: ReportBatchRow; lang: LangValue }) {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap>
      <Tag color={STATUS_COLORS[row.status]} data-status={row.status}>
        {REPORT_STATUS_TITLES[row.status][lang]}
      </Tag>
      {row.stale && (
        <Tag color="warning" data-status="stale">
          {REPORT_STALE_TITLE[lang]}
        </Tag>
      )}
      {row.status === ReportStatus.Error && row.reason && (
        <Tooltip title={row.reason}>
          <Typography.Text type="danger" ellipsis className="pc-batch-reason">
            {t("reportManagement.reason", { reason: row.reason })}
          </Typography.Text>
        </Tooltip>
      )}
    </Space>
  );
}

export function KindTag({ kind, lang }: { kind: ReportKindValue; lang: LangValue }) {
  return (
    <Tag color={kind === "online" ? "blue" : "purple"} variant="outlined">
      {REPORT_KIND_TITLES[kind][lang]}
    </Tag>
  );
}

/** The overview day's top apps by revenue (issue 12 item 7): name, revenue, impressions, eCPM. */
import type { OverviewApp } from "@pc/contract";
import { Card, Table, type TableColumnsType } from "antd";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../i18n/index.ts";
import { FIGURE_FORMATS, formatFigure } from "./figures.ts";

const NUMBERS = ["settleAmount", "showNum", "settleEcpm"] as const;

export default function TopApps({ apps }: { apps: readonly OverviewApp[] }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const columns: TableColumnsType<OverviewApp> = [
    { key: "appName", title: t("home.app"), dataIndex: "appName", ellipsis: true },
    ...NUMBERS.map((metric) => ({
      key: metric,
      title: t(`home.metrics.${metric}`),
      align: "right" as const,
      render: (_: unknown, app: OverviewApp) => formatFigure(lang, FIGURE_FORMATS[metric], app[metric]),
    })),
  ];
  return (
    <Card size="small" title={t("home.topApps")} className="pc-home-top" data-testid="home-top-apps">
      <Table<OverviewApp>
        size="small"
        rowKey={(app) => String(app.appId)}
        columns={columns}
        dataSource={[...apps]}
        pagination={false}
        tableLayout="fixed"
        locale={{ emptyText: t("home.noApps") }}
      />
    </Card>
  );
}

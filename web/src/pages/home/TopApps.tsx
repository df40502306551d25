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
    {
      key: "appName",
      title: t("home.app"),
      render: (_: unknown, app: OverviewApp) => (
        <span className="pc-home-top-name" title={app.appName ?? undefined}>
          {app.appName}
        </span>
      ),
    },
    ...NUMBERS.map((metric) => ({
      key: metric,
      title: t(`home.metrics.${metric}`),
      align: "right" as const,
      className: "pc-home-top-number",
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
        scroll={{ x: "max-content" }}
        locale={{ emptyText: t("home.noApps") }}
      />
    </Card>
  );
}

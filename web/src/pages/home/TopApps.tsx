/**
 * The overview day's top apps by revenue (docs/rules/reports.md#home-overview): name, revenue, impressions,
 * eCPM.
 */
import { ONLINE_METRIC_BY_KEY, type OverviewApp } from "@pc/contract";
import { Card, Table, type TableColumnsType } from "antd";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../i18n/index.ts";
import { formatMetric } from "../../i18n/numbers.ts";

const NUMBERS = ["settleAmount", "showNum", "settleEcpm"] as const;

export default function TopApps({ apps }: { apps: readonly OverviewApp[] }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const columns: TableColumnsType<OverviewApp> = [
    {
      key: "appName",
      title: t("term.appName"),
      render: (_: unknown, app: OverviewApp) => (
        <span className="pc-home-top-name" title={app.appName ?? undefined}>
          {app.appName}
        </span>
      ),
    },
    ...NUMBERS.map((metric) => {
      const { format, title } = ONLINE_METRIC_BY_KEY[metric];
      return {
        key: metric,
        title: title[lang],
        align: "right" as const,
        className: "pc-home-top-number",
        render: (_: unknown, app: OverviewApp) => formatMetric(format, app[metric], lang),
      };
    }),
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

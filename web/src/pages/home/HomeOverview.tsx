/**
 * The home page's SDK overview (docs/rules/reports.md#home-overview): the key figures of yesterday, or of the
 * latest published day when yesterday is not published yet (saying which day), and that day's top apps; an
 * empty state when nothing is published. Only for users who may read the SDK report.
 */
import { OVERVIEW_METRICS } from "@pc/contract";
import { useQuery } from "@tanstack/react-query";
import { Alert, Card, Col, Empty, Row, Skeleton, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { overviewApi } from "../../api/overview.ts";
import { queryKeys } from "../../api/queryKeys.ts";
import { PATHS } from "../../app/paths.ts";
import FigureCard from "./FigureCard.tsx";
import TopApps from "./TopApps.tsx";

export default function HomeOverview({ token }: { token: string | undefined }) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useQuery({
    queryKey: queryKeys.homeOverview(token),
    queryFn: ({ signal }) => overviewApi.online({ signal }),
    staleTime: 60_000,
  });
  const reportLink = <Link to={PATHS.sdkReports}>{t("home.viewReport")}</Link>;

  if (isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (isError) return null;
  if (!data.day) {
    return (
      <Card size="small" className="pc-home-empty" data-testid="home-overview-empty">
        <Empty description={t("home.noPublished")}>{reportLink}</Empty>
      </Card>
    );
  }
  const isYesterday = data.day === data.yesterday;
  return (
    <section className="pc-home-overview" data-testid="home-overview">
      <div className="pc-home-overview-head">
        <Typography.Title level={5} className="pc-home-section" data-testid="home-overview-day">
          {isYesterday ? t("home.yesterday", { date: data.day }) : t("home.latestDay", { date: data.day })}
        </Typography.Title>
        {reportLink}
      </div>
      {isYesterday ? null : (
        <Alert
          className="pc-home-notice"
          type="info"
          showIcon
          title={t("home.notPublishedYet", { yesterday: data.yesterday, date: data.day })}
        />
      )}
      <Row gutter={[16, 16]}>
        {OVERVIEW_METRICS.map((metric) => (
          <Col key={metric} xs={24} sm={12} xl={6}>
            <FigureCard metric={metric} days={data.days} />
          </Col>
        ))}
      </Row>
      <TopApps apps={data.topApps} />
    </section>
  );
}

/**
 * The home page (docs/rules/screens.md#route-table; docs/rules/reports.md#home-overview): a compact welcome
 * branded with the company's name, logo and colour, then the SDK report's overview for users who may read it;
 * users who may not see links to the screens they can use instead.
 */
import { AppstoreOutlined, NotificationOutlined, RightOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { Card, Col, Row, Typography, theme } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { grantedKeys, type RouteKey, type TitleKey } from "../../app/access.ts";
import { BrandMark } from "../../app/layout/BrandMark.tsx";
import { displayName } from "../../app/layout/HeaderParts.tsx";
import { PATHS } from "../../app/paths.ts";
import { companyQuery, menuQuery, userInfoQuery } from "../../app/queryClient.ts";
import { getToken } from "../../session/session.ts";
import HomeOverview from "./HomeOverview.tsx";
import "./home.css";

interface QuickLink {
  to: string;
  title: TitleKey;
  desc: "appsDesc" | "placementsDesc";
  icon: ReactNode;
  access: RouteKey;
}

/** What a user who may not read the SDK report can use. */
const LINKS: QuickLink[] = [
  {
    to: PATHS.appList,
    title: "appManagementList",
    desc: "appsDesc",
    icon: <AppstoreOutlined />,
    access: "appManagement",
  },
  {
    to: PATHS.placementList,
    title: "adSpaceList",
    desc: "placementsDesc",
    icon: <NotificationOutlined />,
    access: "adSpace",
  },
];

function QuickLinks({ granted }: { granted: ReadonlySet<RouteKey> }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <>
      <Typography.Title level={5} className="pc-home-section pc-home-links-title">
        {t("home.quickLinks")}
      </Typography.Title>
      <Row gutter={[16, 16]} data-testid="home-links">
        {LINKS.filter((link) => granted.has(link.access)).map((link) => (
          <Col key={link.to} xs={24} md={12}>
            <Link to={link.to} className="pc-home-link">
              <Card hoverable size="small" className="pc-home-card">
                <span
                  className="pc-home-card-icon"
                  style={{ color: token.colorPrimary, background: token.colorPrimaryBg }}
                >
                  {link.icon}
                </span>
                <div className="pc-home-card-text">
                  <Typography.Text strong>{t(`route.${link.title}`)}</Typography.Text>
                  <Typography.Text type="secondary">{t(`home.${link.desc}`)}</Typography.Text>
                </div>
                <RightOutlined className="pc-home-card-arrow" />
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
    </>
  );
}

export default function HomePage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const session = getToken();
  const { data: company } = useQuery(companyQuery);
  const { data: user } = useQuery({ ...userInfoQuery(session), enabled: Boolean(session) });
  const { data: menu } = useQuery({ ...menuQuery(session), enabled: Boolean(session) });
  const granted = grantedKeys(menu ?? []);
  const name = displayName(user);
  const companyName = company?.name || t("app.name");

  return (
    <div className="pc-home">
      <section
        className="pc-home-hero"
        style={{
          background: `linear-gradient(120deg, ${token.colorPrimary} 0%, ${token.colorPrimaryActive} 100%)`,
        }}
      >
        <div className="pc-home-hero-mark">
          <BrandMark company={company} size={40} />
        </div>
        <div className="pc-home-hero-text">
          <Typography.Text className="pc-home-company">
            {companyName} · {t("app.name")}
          </Typography.Text>
          <Typography.Title level={4} className="pc-home-title" style={{ margin: "2px 0 0" }}>
            {name ? t("home.welcome", { name }) : t("home.welcomeAnonymous")}
          </Typography.Title>
        </div>
      </section>

      {menu === undefined ? null : granted.has("sdkReports") ? (
        <HomeOverview token={session} />
      ) : (
        <QuickLinks granted={granted} />
      )}
    </div>
  );
}

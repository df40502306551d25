/** The welcome page (spec §2), branded with the company's name, logo and colour. */
import { AppstoreOutlined, BarChartOutlined, NotificationOutlined, RightOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { Card, Col, Row, Typography, theme } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { grantedKeys } from "../../app/guard.ts";
import { BrandMark } from "../../app/layout/BrandMark.tsx";
import { displayName } from "../../app/layout/TopBar.tsx";
import { companyQuery, menuQuery, userInfoQuery } from "../../app/queryClient.ts";
import type { RouteKey, TitleKey } from "../../app/routeTable.tsx";
import { getToken } from "../../session/session.ts";
import "./home.css";

interface QuickLink {
  to: string;
  title: TitleKey;
  desc: "appsDesc" | "placementsDesc" | "reportsDesc";
  icon: ReactNode;
  access: RouteKey;
}

const LINKS: QuickLink[] = [
  {
    to: "/appManagement/appManagementList",
    title: "appManagementList",
    desc: "appsDesc",
    icon: <AppstoreOutlined />,
    access: "appManagement",
  },
  {
    to: "/adSpace/adSpaceList",
    title: "adSpaceList",
    desc: "placementsDesc",
    icon: <NotificationOutlined />,
    access: "adSpace",
  },
  {
    to: "/reports/sdkReports",
    title: "reports",
    desc: "reportsDesc",
    icon: <BarChartOutlined />,
    access: "sdkReports",
  },
];

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
          <BrandMark company={company} size={64} />
        </div>
        <div>
          <Typography.Text className="pc-home-company">
            {companyName} · {t("app.name")}
          </Typography.Text>
          <Typography.Title level={2} className="pc-home-title" style={{ margin: "6px 0 8px" }}>
            {name ? t("home.welcome", { name }) : t("home.welcomeAnonymous")}
          </Typography.Title>
          <Typography.Paragraph className="pc-home-intro" style={{ marginBottom: 0 }}>
            {t("home.intro")}
          </Typography.Paragraph>
        </div>
      </section>

      <Typography.Title level={5} className="pc-home-section">
        {t("home.quickLinks")}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {LINKS.filter((link) => granted.has(link.access)).map((link) => (
          <Col key={link.to} xs={24} md={8}>
            <Link to={link.to} className="pc-home-link">
              <Card hoverable className="pc-home-card">
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
    </div>
  );
}

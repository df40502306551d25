/** The frame of the signed-out pages (login, reset password, register): the branded side and the form card. */
import { useQuery } from "@tanstack/react-query";
import { Typography, theme } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { BrandMark } from "../../app/layout/BrandMark.tsx";
import { companyQuery } from "../../app/queryClient.ts";
import "./login.css";

export function AuthShell({
  title,
  subtitle,
  footer,
  children,
  testId,
}: {
  title: ReactNode;
  subtitle: ReactNode;
  /** Below the form, e.g. the register or back-to-sign-in link. */
  footer?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { data: company } = useQuery(companyQuery);
  const brandName = company?.name || t("app.name");

  return (
    <div
      className="pc-login"
      data-testid={testId}
      style={{
        background: `radial-gradient(circle at 15% 20%, ${token.colorPrimaryBg} 0, transparent 45%), radial-gradient(circle at 85% 80%, ${token.colorPrimaryBgHover} 0, transparent 40%), #f5f7fa`,
      }}
    >
      <div className="pc-login-card">
        <aside
          className="pc-login-aside"
          style={{
            background: `linear-gradient(150deg, ${token.colorPrimary} 0%, ${token.colorPrimaryActive} 100%)`,
          }}
        >
          <div className="pc-login-aside-mark">
            <BrandMark company={company} size={48} />
          </div>
          <div className="pc-login-aside-name">{brandName}</div>
          <div className="pc-login-aside-app">{t("app.name")}</div>
          <p className="pc-login-aside-tagline">{t("app.poweredBy")}</p>
        </aside>

        <section className="pc-login-main">
          <Typography.Title level={3} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          <Typography.Text type="secondary">{subtitle}</Typography.Text>
          {children}
          {footer && <div className="pc-login-register">{footer}</div>}
        </section>
      </div>
    </div>
  );
}

/** The frame of the signed-out pages (login, reset password, register): the branded side and the form card. */
import { frameBackgrounds } from "@pc/contract";
import { useQuery } from "@tanstack/react-query";
import { Typography, theme } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { BrandMark } from "../../app/layout/BrandMark.tsx";
import { companyQuery } from "../../app/queryClient.ts";
import { AuthFrame } from "./AuthFrame.tsx";
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
  const backgrounds = frameBackgrounds(theme.useToken().token);
  const { data: company } = useQuery(companyQuery);
  const brandName = company?.name || t("app.name");

  return (
    <AuthFrame
      testId={testId}
      backgrounds={backgrounds}
      mark={<BrandMark company={company} size={48} />}
      name={brandName}
      app={t("app.name")}
      tagline={t("app.poweredBy")}
    >
      <Typography.Title level={3} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      <Typography.Text type="secondary">{subtitle}</Typography.Text>
      {children}
      {footer && <div className="pc-login-register">{footer}</div>}
    </AuthFrame>
  );
}

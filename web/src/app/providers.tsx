/**
 * Query client, antd theme and locale (following the company and the language, without motion when the user
 * asks for less), antd App.
 */
import { IconProvider } from "@ant-design/icons";
import { drawnTheme } from "@pc/contract";
import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { App, ConfigProvider, theme } from "antd";
import enUS from "antd/es/locale/en_US";
import zhCN from "antd/es/locale/zh_CN";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { setNotifier } from "../api/client.ts";
import { isLang } from "../i18n/index.ts";
import { brandTheme } from "./brandTheme.ts";
import { companyQuery, queryClient } from "./queryClient.ts";
import { usePrefersReducedMotion } from "./reducedMotion.ts";

/** Hands antd's context-aware message API to the API client. */
function NotifierBridge() {
  const { message } = App.useApp();
  useEffect(() => {
    setNotifier({
      warning: (content, duration) => void message.warning(content, duration),
      error: (content, duration) => void message.error(content, duration),
    });
    return () => setNotifier(null);
  }, [message]);
  return null;
}

/**
 * A build's antd stylesheet holds the icons' rule (build/antdStyles.tsx), so an icon does not look for it and
 * write it in the browser each time one mounts (a report's rows have several). The development server has no
 * such stylesheet.
 */
const ICONS = { zeroRuntime: import.meta.env.PROD };

function Themed({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const { data: company } = useQuery(companyQuery);
  const brand = brandTheme(drawnTheme(company?.theme));
  const lang = isLang(i18n.resolvedLanguage) ? i18n.resolvedLanguage : "zh";
  const reducedMotion = usePrefersReducedMotion();

  useEffect(() => {
    if (!company?.icon) return;
    const link = document.querySelector<HTMLLinkElement>("link[rel~='icon']");
    if (link) link.href = company.icon;
  }, [company?.icon]);

  return (
    <ConfigProvider
      locale={lang === "en" ? enUS : zhCN}
      theme={{
        algorithm: theme.defaultAlgorithm,
        token: { ...brand.token, borderRadius: 8, motion: !reducedMotion },
        components: {
          ...brand.components,
          Layout: { headerBg: "#ffffff", headerPadding: "0 24px", headerHeight: 60 },
        },
      }}
    >
      <IconProvider value={ICONS}>
        <App>
          <NotifierBridge />
          {children}
        </App>
      </IconProvider>
    </ConfigProvider>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Themed>{children}</Themed>
    </QueryClientProvider>
  );
}

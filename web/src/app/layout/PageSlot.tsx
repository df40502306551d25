import { WarningOutlined } from "@ant-design/icons";
import { Button, Spin } from "antd";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import type { LazyPage } from "../lazyPage.ts";
import { StaticShellHandover } from "../staticShell.ts";

export function PageLoading() {
  return (
    <div className="pc-page-loading">
      <Spin />
    </div>
  );
}

/** What failed to load, in a page's place (`fullScreen`: the whole window's): the warning and a retry. */
export function LoadFailed({
  detail,
  onRetry,
  fullScreen = false,
}: {
  detail?: string;
  onRetry: () => void;
  fullScreen?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className={`${fullScreen ? "pc-boot" : "pc-page-loading"} pc-boot-error`} role="alert">
      <WarningOutlined className="pc-boot-icon" />
      <h2 className="pc-boot-title">{t("error.loadFailed")}</h2>
      {detail && <p className="pc-boot-detail">{detail}</p>}
      <Button type="primary" onClick={onRetry}>
        {t("error.retry")}
      </Button>
    </div>
  );
}

/** A lazily loaded page (route-level code splitting); the first one drawn replaces the served sign-in frame. */
export function PageSlot({ page: Page }: { page: LazyPage }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
      <StaticShellHandover />
    </Suspense>
  );
}

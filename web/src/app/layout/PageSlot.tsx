import { Spin } from "antd";
import { Suspense } from "react";
import type { LazyPage } from "../lazyPage.ts";
import { StaticShellHandover } from "../staticShell.ts";

export function PageLoading() {
  return (
    <div className="pc-page-loading">
      <Spin />
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

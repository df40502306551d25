import { Spin } from "antd";
import { Suspense } from "react";
import type { LazyPage } from "../lazyPage.ts";

export function PageLoading() {
  return (
    <div className="pc-page-loading">
      <Spin />
    </div>
  );
}

/** A lazily loaded page (route-level code splitting). */
export function PageSlot({ page: Page }: { page: LazyPage }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}

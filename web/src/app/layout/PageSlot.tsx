import { Spin } from "antd";
import { type ComponentType, type LazyExoticComponent, Suspense } from "react";

export function PageLoading() {
  return (
    <div className="pc-page-loading">
      <Spin />
    </div>
  );
}

/** A lazily loaded page (route-level code splitting). */
export function PageSlot({ page: Page }: { page: LazyExoticComponent<ComponentType> }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}

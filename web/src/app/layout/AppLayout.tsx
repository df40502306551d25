/**
 * The page frame: top bar (the signed-in one, with the watermark, is its own chunk), padded content, the
 * document title, and the no-permission case of the guard (warning, 404 content, home after 1 s).
 */
import { useQuery } from "@tanstack/react-query";
import { App, Layout, Spin } from "antd";
import { Suspense, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLoaderData, useLocation, useNavigate, useRouteError } from "react-router";
import { getToken } from "../../session/session.ts";
import type { GuardData } from "../guard.ts";
import { lazyPage } from "../lazyPage.ts";
import { PATHS, UNPADDED_PATHS } from "../paths.ts";
import { companyQuery, menuQuery, userInfoQuery } from "../queryClient.ts";
import { NotFound } from "../routeTable.tsx";
import { StaticShellHandover } from "../staticShell.ts";
import { PublicTopBar } from "./HeaderParts.tsx";
import { LoadFailed, PageLoading } from "./PageSlot.tsx";
import type { FrameProps } from "./SignedInFrame.tsx";

/** The signed-in frame's chunk; the guard preloads it with the menu, so it is there when the frame renders. */
export const SignedInFrame = lazyPage<FrameProps>(() => import("./SignedInFrame.tsx"));

/** How long the no-permission page stays before going home (docs/rules/screens.md#route-table). */
const FORBIDDEN_REDIRECT_MS = 1000;

/** Warns once per visit of a path the user may not see (docs/rules/roles.md#who-sees-what). */
function useForbiddenWarning(forbidden: boolean) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { key } = useLocation();
  const warned = useRef<string | null>(null);

  useEffect(() => {
    if (!forbidden || warned.current === key) return;
    warned.current = key;
    void message.warning(t("guard.noPermission"));
  }, [forbidden, key, message, t]);
}

/**
 * A route without a name goes home after 1 s. Rendered beside the 404 content inside its Suspense
 * boundary, so the second starts once that content is on screen, not while its chunk loads.
 */
function GoHomeLater() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(PATHS.home, { replace: true }), FORBIDDEN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return null;
}

function ForbiddenContent() {
  return (
    <Suspense fallback={<PageLoading />}>
      <NotFound />
      <GoHomeLater />
    </Suspense>
  );
}

export function AppLayout() {
  const { route } = useLoaderData() as GuardData;
  const { t } = useTranslation();
  const { pathname, key } = useLocation();
  const token = getToken();
  const signedIn = Boolean(token);
  const { data: company } = useQuery(companyQuery);
  const { data: user } = useQuery({ ...userInfoQuery(token), enabled: signedIn });
  const { data: menuRoutes } = useQuery({ ...menuQuery(token), enabled: signedIn });

  const forbidden = route === null;
  useForbiddenWarning(forbidden);

  const titleKey = route?.title ?? "notFound";
  useEffect(() => {
    document.title = t(`route.${titleKey}`);
  }, [titleKey, t]);

  const padded = !UNPADDED_PATHS.includes(pathname);
  const content = (
    <Layout.Content className={padded ? "pc-content pc-content-padded" : "pc-content"}>
      {forbidden ? <ForbiddenContent key={key} /> : <Outlet />}
    </Layout.Content>
  );
  if (!signedIn) {
    return (
      <Layout className="pc-layout">
        <PublicTopBar company={company} />
        {content}
      </Layout>
    );
  }
  return (
    <Suspense fallback={<LayoutFallback />}>
      <SignedInFrame company={company} user={user} menuRoutes={menuRoutes}>
        {content}
      </SignedInFrame>
    </Suspense>
  );
}

/** Shown while the first navigation (guard, menu) resolves. */
export function LayoutFallback() {
  return (
    <div className="pc-boot">
      <Spin size="large" />
    </div>
  );
}

/** The guard or a page failed in a way the API client has not already handled. */
export function LayoutError() {
  const error = useRouteError();
  return (
    <>
      <StaticShellHandover />
      <LoadFailed
        fullScreen
        detail={error instanceof Error ? error.message : undefined}
        onRetry={() => window.location.reload()}
      />
    </>
  );
}

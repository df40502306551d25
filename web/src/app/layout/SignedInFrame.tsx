/**
 * The frame of a signed-in user: their top bar (menu, user menu) and the watermark with their name (not on
 * /login). A chunk of its own (`signedInFrame` in AppLayout), loaded by the guard beside the menu call. Once
 * drawn it replaces the top bar the server drew into the page.
 */
import type { CompanyInfo, UserInfo } from "@pc/contract";
import { Layout, Watermark } from "antd";
import { type ReactNode, useDeferredValue } from "react";
import { useLocation } from "react-router";
import type { RouteKey } from "../access.ts";
import { PATHS } from "../paths.ts";
import { StaticShellHandover } from "../staticShell.ts";
import { displayName } from "./HeaderParts.tsx";
import { TopBar } from "./TopBar.tsx";

export interface FrameProps {
  company: CompanyInfo | undefined;
  user: UserInfo | undefined;
  menuRoutes: readonly RouteKey[] | undefined;
  children: ReactNode;
}

export default function SignedInFrame({ company, user, menuRoutes, children }: FrameProps) {
  const { pathname } = useLocation();
  const frame = (
    <Layout className="pc-layout">
      <TopBar company={company} user={user} menuRoutes={menuRoutes} />
      {children}
      <StaticShellHandover />
    </Layout>
  );
  const name = displayName(user);
  // drawn in a render of its own after the page is on screen: the watermark's canvas and image took ~40 ms
  // of a phone's main thread (4x CPU) inside the commit that shows the page
  const drawnName = useDeferredValue(name, "");
  if (pathname === PATHS.login || !name) return frame;
  return (
    <Watermark content={drawnName || undefined} font={{ color: "rgba(0, 0, 0, 0.06)" }} zIndex={10}>
      {frame}
    </Watermark>
  );
}

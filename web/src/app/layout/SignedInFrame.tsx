/**
 * The frame of a signed-in user: their top bar (menu, user menu) and the watermark with their name (not on
 * /login). A chunk of its own (`signedInFrame` in AppLayout), loaded by the guard beside the menu call. Once
 * drawn it replaces the top bar the server drew into the page.
 */
import type { CompanyInfo, UserInfo } from "@pc/contract";
import { Layout, Watermark } from "antd";
import { type CSSProperties, type ReactNode, startTransition, useEffect, useState } from "react";
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

/** Over the whole window, under popups (antd's popups start at 1000), letting every click through. */
const WATERMARK_STYLE: CSSProperties = { position: "fixed", inset: 0, zIndex: 10, pointerEvents: "none" };

/**
 * The user's name over the window, drawn in a task of its own once the frame is on screen: its canvas and
 * image took ~40 ms of a phone's main thread (4x CPU) inside the commit that showed the page. An overlay,
 * not a wrapper of the page, so that it can come later without remounting the page.
 */
function NameWatermark({ name }: { name: string }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => startTransition(() => setShown(true)));
    return () => clearTimeout(timer);
  }, []);
  if (!shown) return null;
  return <Watermark content={name} font={{ color: "rgba(0, 0, 0, 0.06)" }} style={WATERMARK_STYLE} />;
}

export default function SignedInFrame({ company, user, menuRoutes, children }: FrameProps) {
  const { pathname } = useLocation();
  const name = displayName(user);
  return (
    <Layout className="pc-layout">
      <TopBar company={company} user={user} menuRoutes={menuRoutes} />
      {children}
      {pathname !== PATHS.login && name && <NameWatermark name={name} />}
      <StaticShellHandover />
    </Layout>
  );
}

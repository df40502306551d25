/**
 * The signed-out pages' card as drawn: the branded side and the form's place. Free of the app's providers, so
 * the build draws the served page's sign-in frame with it too (web/src/app/layout/StaticShell.tsx).
 */
import type { ReactNode } from "react";

export interface AuthFrameProps {
  /** The page's and the branded side's backgrounds (contract frameBackgrounds). */
  backgrounds: { page: string; aside: string };
  mark: ReactNode;
  name: ReactNode;
  app: ReactNode;
  tagline: ReactNode;
  testId?: string;
  children?: ReactNode;
}

export function AuthFrame({ backgrounds, mark, name, app, tagline, testId, children }: AuthFrameProps) {
  return (
    <div className="pc-login" data-testid={testId} style={{ background: backgrounds.page }}>
      <div className="pc-login-card">
        <aside className="pc-login-aside" style={{ background: backgrounds.aside }}>
          <div className="pc-login-aside-mark">{mark}</div>
          <div className="pc-login-aside-name">{name}</div>
          <div className="pc-login-aside-app">{app}</div>
          <p className="pc-login-aside-tagline">{tagline}</p>
        </aside>
        <section className="pc-login-main">{children}</section>
      </div>
    </div>
  );
}

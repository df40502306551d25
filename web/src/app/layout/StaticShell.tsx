/**
 * The frame the served page carries until the app has drawn its own (staticShell.ts takes it away): the build
 * draws it (web/build/staticShells.tsx) from the parts the app draws its frame with, with placeholders where the
 * host's branding goes, and the server fills them in. Texts that depend on the visitor's language are left out;
 * their lines keep their height.
 */
import type { ShellSlot } from "@pc/contract";
import { AuthFrame } from "../../pages/login/AuthFrame.tsx";
import { BrandMarkView } from "./BrandMarkView.tsx";

/** A line kept at the height of the text the app writes into it. */
const EMPTY_LINE = "\u200b";

export interface StaticShellProps {
  id: string;
  /** The visitor's sign-in frame, or the signed-in user's top bar over the page's background. */
  kind: "signIn" | "signedIn";
  /** Drawn for a host with a logo, or with its initial. */
  withLogo: boolean;
  slots: Record<ShellSlot, string>;
}

export function StaticShell({ id, kind, withLogo, slots }: StaticShellProps) {
  const mark = (size: number) => (
    <BrandMarkView
      logo={withLogo ? slots.logo : undefined}
      initial={slots.initial}
      size={size}
      background={slots.markBackground}
    />
  );
  const signedIn = kind === "signedIn";
  return (
    <div id={id} className={signedIn ? "pc-shell pc-shell-signed-in" : "pc-shell"} aria-hidden>
      {/* the top bar's brand where the app's TopBar and PublicTopBar draw it; on narrow screens the signed-in
          bar has the menu button's place before it */}
      <div className="pc-header">
        {signedIn && <span className="pc-shell-menu-button" />}
        <span className="pc-brand">
          {mark(32)}
          <span className="pc-brand-name">{slots.name}</span>
        </span>
      </div>
      {!signedIn && (
        <AuthFrame
          backgrounds={{ page: slots.pageBackground, aside: slots.asideBackground }}
          mark={mark(48)}
          name={slots.name}
          app={EMPTY_LINE}
          tagline={EMPTY_LINE}
        />
      )}
    </div>
  );
}

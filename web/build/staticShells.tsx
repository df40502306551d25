/**
 * Draws the served page's frames (web/src/app/layout/StaticShell.tsx) into the build, with placeholders where
 * the host's branding goes: the server fills them in (server/src/plugins/static-shell.ts). The frames are drawn
 * by the parts the app draws its own with, so the two cannot drift apart.
 */
import type { Plugin } from "vite";
// by path: Vite loads its configuration with Node, which runs no TypeScript from packages
import {
  SHELL_SLOTS,
  type ShellVariants,
  STATIC_SHELL_ID,
  STATIC_SHELLS,
  type StaticShells,
} from "../../contract/src/served-page.ts";

async function drawnShells(): Promise<StaticShells> {
  // imported here, after Vite has set NODE_ENV
  const { renderToStaticMarkup } = await import("react-dom/server");
  const { StaticShell } = await import("../src/app/layout/StaticShell.tsx");
  const variants = (kind: "signIn" | "signedIn"): ShellVariants => {
    const draw = (withLogo: boolean) =>
      renderToStaticMarkup(
        <StaticShell id={STATIC_SHELL_ID} kind={kind} withLogo={withLogo} slots={SHELL_SLOTS} />,
      );
    return { logo: draw(true), initial: draw(false) };
  };
  return { signIn: variants("signIn"), signedIn: variants("signedIn") };
}

export function staticShells(): Plugin {
  return {
    name: "static-shells",
    apply: "build",
    async generateBundle() {
      const source = JSON.stringify(await drawnShells());
      this.emitFile({ type: "asset", fileName: STATIC_SHELLS, source });
    },
  };
}

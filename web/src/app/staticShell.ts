/**
 * The hand-over from the frame the server drew into the page (server/src/plugins/sign-in-shell.ts) to the app's
 * own: the shell lies over the app until the app's page (or its signed-in frame) has been drawn, then goes in
 * the same frame, so the user sees no spinner and no empty page in between.
 */
import { STATIC_SHELL_ID } from "@pc/contract";
import { useLayoutEffect } from "react";
// the sign-in card's layout, which the shell shares, belongs in the page's first stylesheet
import "../pages/login/login.css";
import "./staticShell.css";

function removeStaticShell(): void {
  document.getElementById(STATIC_SHELL_ID)?.remove();
}

/** Rendered beside what replaces the shell: the shell goes when that is committed. */
export function StaticShellHandover(): null {
  useLayoutEffect(removeStaticShell, []);
  return null;
}

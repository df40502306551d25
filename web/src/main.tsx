import "./app/schemasWithoutEval.ts";
import "./app/global.css";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { setSessionInvalidHandler } from "./api/client.ts";
import { nextTask } from "./app/nextTask.ts";
import { loginRedirect, PATHS } from "./app/paths.ts";
import { Providers } from "./app/providers.tsx";
import { createAppRouter } from "./app/router.tsx";
import { languageReady } from "./i18n/index.ts";
import { dropSession } from "./session/actions.ts";

// the app's start runs in steps, not as one long task of a phone's main thread
await nextTask();
const router = createAppRouter();

// docs/rules/entities.md#session: a rejected token clears the session and sends the user to sign in, then
// back
setSessionInvalidHandler(() => {
  dropSession();
  const { pathname, search } = router.state.location;
  if (pathname !== PATHS.login) void router.navigate(loginRedirect(pathname, search), { replace: true });
});

await nextTask();
const root = document.getElementById("root");
if (root) {
  const reactRoot = createRoot(root);
  await languageReady;
  // a transition renders in slices that yield to the browser, not in one long task (a phone's CPU)
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  );
}

import { expect, test } from "@playwright/test";
import { CHROMIUM, CHROMIUM_ARGS } from "../browser.ts";
import { PORT } from "../ports.ts";
import { chooseLanguage, DEMO, fillLogin, TEXT } from "./support.ts";

/** A white-label host name over plain HTTP: not a secure context, so the browser offers no Web Crypto. */
const HOST = "console.publisher.test";

test.use({
  baseURL: `http://${HOST}:${PORT}`,
  launchOptions: {
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${HOST} 127.0.0.1`],
  },
});

for (const lang of ["zh", "en"] as const) {
  test(`signs in on a host name over plain HTTP, without Web Crypto (${lang})`, async ({ page }) => {
    await page.goto("/login");
    expect(
      await page.evaluate(() => ({ secure: window.isSecureContext, subtle: "subtle" in crypto })),
    ).toEqual({
      secure: false,
      subtle: false,
    });
    if (lang === "en") await chooseLanguage(page, "en");
    await fillLogin(page, DEMO.email, DEMO.password);
    await page.getByRole("dialog").getByRole("button", { name: TEXT[lang].accept }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByTestId("logout")).toBeVisible();
  });
}

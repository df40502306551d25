/**
 * Scheduled reports by email, in both languages: a schedule made from the SDK report screen
 * with its current columns, listed on the Scheduled Reports page, sent now; the mail (read from the run's SMTP
 * catcher) carries the CSV and an unsubscribe link, which asks to confirm and then removes the address.
 */
import { expect, type Page, test } from "@playwright/test";
import type { ReceivedMail } from "../../server/test/support/smtp.ts";
import { mailsTo } from "./mailbox.ts";
import { DEMO, type Lang, signIn, toast } from "./support.ts";

const T = {
  zh: {
    scheduleEmail: "定时邮件",
    dialogTitle: "定时发送此报表",
    ok: /确\s?定/,
    success: "成功",
    sendNow: "立即发送",
    sent: "已发送",
    kind: "SDK 报表",
    confirmTitle: "退订定时报表",
    button: "确认退订",
    done: "已退订",
  },
  en: {
    scheduleEmail: "Schedule email",
    dialogTitle: "Schedule this report by email",
    ok: /OK/,
    success: "Success",
    sendNow: "Send now",
    sent: "Sent",
    kind: "SDK Reports",
    confirmTitle: "Unsubscribe from a scheduled report",
    button: "Unsubscribe",
    done: "Unsubscribed",
  },
} as const;

/** Waits for the mail of a schedule (its subject starts with the schedule's name). */
async function mailOf(address: string, name: string): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect(async () => {
    found = mailsTo(address).find((mail) => mail.subject.startsWith(name));
    expect(found, `a mail "${name}…" to ${address}`).toBeDefined();
  }).toPass({ timeout: 20_000 });
  if (!found) throw new Error("unreachable");
  return found;
}

const rowOf = (page: Page, name: string) =>
  page.getByTestId("schedule-table").locator("tr", { hasText: name });

for (const lang of ["zh", "en"] as const satisfies readonly Lang[]) {
  const t = T[lang];

  test(`schedules the SDK report by email, sends it now and unsubscribes (${lang})`, async ({ page }) => {
    test.setTimeout(120_000);
    const name = `E2E ${lang} ${Date.now().toString(36)}`;
    await signIn(page, lang, "/reports/sdkReports");
    await expect(page.getByTestId("report-table")).toBeVisible();

    // From the report screen: the dialog keeps the screen's columns; the signed-in user is the recipient.
    await page.getByTestId("report-schedule").click();
    const dialog = page.getByTestId("schedule-dialog");
    await expect(dialog.getByText(t.dialogTitle)).toBeVisible();
    await expect(dialog.getByText(DEMO.email)).toBeVisible();
    await dialog.locator("#schedule-name").fill(name);
    await dialog.getByRole("button", { name: t.ok }).click();
    await expect(toast(page, t.success)).toBeVisible();
    await expect(dialog).toBeHidden();

    // The list: send now, then the last mail is sent.
    await page.goto("/reports/reportSchedules");
    const row = rowOf(page, name);
    await expect(row).toBeVisible();
    await row.getByRole("button", { name: t.sendNow }).click();
    await expect(row.getByTestId("schedule-status")).toHaveText(t.sent);

    // The mail: in the schedule's language, with the CSV attached and the unsubscribe link.
    const mail = await mailOf(DEMO.email, name);
    expect(mail.subject).toContain(t.kind);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]?.filename).toMatch(/^\d+_\d+\.csv$/);
    expect(mail.attachments[0]?.content.split("\n").length).toBeGreaterThan(1);
    const link = /(https?:\/\/\S+\/v1\/report_schedule\/unsubscribe\?\S+)/.exec(mail.text)?.[1];
    expect(link).toBeDefined();

    // The link asks to confirm, then removes the address; no sign-in needed.
    const unsubscribe = await page.context().browser()?.newPage();
    if (!unsubscribe) throw new Error("no browser");
    await unsubscribe.goto(link ?? "");
    await expect(unsubscribe.getByRole("heading", { name: t.confirmTitle })).toBeVisible();
    await expect(unsubscribe.getByText(DEMO.email)).toBeVisible();
    await unsubscribe.getByRole("button", { name: t.button }).click();
    await expect(unsubscribe.getByText(t.done)).toBeVisible();
    await unsubscribe.close();

    await page.reload();
    await expect(rowOf(page, name)).toBeVisible();
    await expect(rowOf(page, name)).not.toContainText(DEMO.email);
  });
}

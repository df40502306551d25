/**
 * The mail counters of /metrics: every try to send a mail by kind (the emailed codes, the scheduled reports)
 * and outcome. `failed` is a try that is retried later, `gave_up` one after which the mail is not tried again.
 * A process-wide registry, like a counter's own process: the metrics plugin serves it beside its own.
 */
import { Counter, Registry } from "prom-client";

export type MailKind = "reset_code" | "register_code" | "registered_notice" | "report";
export type MailOutcome = "sent" | "failed" | "gave_up";

export const mailMetricsRegistry = new Registry();

const sends = new Counter({
  name: "mail_sends_total",
  help: "Mails tried, by kind and outcome (failed: retried later; gave_up: not tried again)",
  labelNames: ["kind", "outcome"] as const,
  registers: [mailMetricsRegistry],
});

export const countMailSend = (kind: MailKind, outcome: MailOutcome): void => {
  sends.inc({ kind, outcome });
};

/** The small page of the unsubscribe link: a confirmation with one button, or the outcome, in one language. */
import { escapeHtml } from "../../lib/html.ts";
import type { UnsubscribePage } from "./service.ts";

/** The page's HTML; `action` is the link itself (the button posts to it). */
export function unsubscribeHtml(page: UnsubscribePage, action: string): string {
  const form = page.button
    ? `<form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(page.button)}</button></form>`
    : "";
  return `<!doctype html>
<html lang="${page.lang === "zh" ? "zh-CN" : "en"}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)}</title>
<style>
body { font-family: -apple-system, "Segoe UI", "PingFang SC", "Microsoft YaHei", sans-serif; background: #f5f5f5; margin: 0; }
main { max-width: 480px; margin: 64px auto; background: #fff; border-radius: 8px; padding: 32px; box-shadow: 0 1px 4px rgba(0,0,0,.08); }
h1 { font-size: 20px; margin: 0 0 16px; }
p { color: #333; line-height: 1.6; word-break: break-word; }
button { background: #00b96b; color: #fff; border: 0; border-radius: 6px; padding: 8px 20px; font-size: 14px; cursor: pointer; }
</style>
</head>
<body><main><h1>${escapeHtml(page.title)}</h1><p>${escapeHtml(page.message)}</p>${form}</main></body>
</html>
`;
}

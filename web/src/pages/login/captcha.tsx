/**
 * The math captcha (docs/rules/screens.md#login; docs/rules/sign-in.md#login-payload): its state and its
 * input with the image and refresh.
 */
import { ReloadOutlined, SafetyOutlined } from "@ant-design/icons";
import type { CaptchaAnswer } from "@pc/contract";
import { Button, Input, theme } from "antd";
import { startTransition, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { passportApi } from "../../api/passport.ts";

/** A captcha loaded on mount; `refresh` replaces it (each id is answered at most once). */
export function useCaptcha() {
  const [captcha, setCaptcha] = useState<CaptchaAnswer | null>(null);
  const load = useCallback(async (previousId?: string) => {
    try {
      const next = await (previousId ? passportApi.refreshCaptcha(previousId) : passportApi.genCaptcha());
      // the form around the captcha renders again in slices, not as one long task of a phone's CPU
      startTransition(() => setCaptcha(next));
    } catch {
      // the client has shown the error; the refresh icon tries again
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  return { captcha, refresh: () => load(captcha?.captcha_id) };
}

/** The answer input, the image (click to refresh) and the refresh button; a controlled antd form control. */
export function CaptchaInput({
  captcha,
  onRefresh,
  id = "captcha_answer",
  value,
  onChange,
}: {
  captcha: CaptchaAnswer | null;
  onRefresh: () => void;
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <div className="pc-captcha">
      <Input
        id={id}
        prefix={<SafetyOutlined />}
        placeholder={t("login.captchaPlaceholder")}
        autoComplete="off"
        maxLength={16}
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
      />
      <button
        type="button"
        className="pc-captcha-image"
        onClick={onRefresh}
        title={t("login.captchaRefresh")}
        style={{ borderColor: token.colorBorder }}
      >
        {captcha ? <img src={captcha.b64s} alt={t("login.captchaImage")} /> : null}
      </button>
      <Button
        icon={<ReloadOutlined />}
        onClick={onRefresh}
        aria-label={t("login.captchaRefresh")}
        title={t("login.captchaRefresh")}
        data-testid="captcha-refresh"
      />
    </div>
  );
}

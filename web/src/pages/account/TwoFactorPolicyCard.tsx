/**
 * The company's rule on Account Management (docs/rules/sign-in.md#two-step-verification): whether everyone
 * must sign in with two-step verification, and how many active users have it on. Administrators see it; the
 * super admin switches it, after a confirmation (requiring it signs out the users without it, who set it up
 * at their next sign-in).
 */
import { SafetyCertificateOutlined } from "@ant-design/icons";
import { can, ReportScope, type UserInfo } from "@pc/contract";
import { useQuery } from "@tanstack/react-query";
import { Card, Switch, Tooltip, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { queryKeys } from "../../api/queryKeys.ts";
import { twoFactorApi } from "../../api/twoFactor.ts";
import { useConfirmAction } from "../../components/useConfirmDelete.tsx";
import "../../components/twoFactor/twoFactor.css";

/** Whether the user may set the company's rule and reset a member's two-step verification (its super admin). */
export const mayManageTwoFactor = (me: UserInfo | undefined): boolean =>
  me !== undefined &&
  can({ roleIds: me.role_id, reportScope: ReportScope.All, isOperator: me.is_operator }, "account.policy");

export function TwoFactorPolicyCard({ me }: { me: UserInfo | undefined }) {
  const { t } = useTranslation();
  const confirmAction = useConfirmAction();
  const { data: policy, refetch } = useQuery({
    queryKey: queryKeys.twoFactor.policy,
    queryFn: () => twoFactorApi.policy(),
    staleTime: 0,
  });
  const mayChange = mayManageTwoFactor(me);

  const change = (required: boolean) =>
    confirmAction({
      content: t(required ? "twoFactor.policyOnConfirm" : "twoFactor.policyOffConfirm"),
      cancelled: t("twoFactor.policyCancelled"),
      danger: false,
      run: () => twoFactorApi.setPolicy(required),
      onDone: () => void refetch(),
    });

  return (
    <Card className="pc-list-card" data-testid="two-factor-policy">
      <div className="pc-2fa-policy">
        <SafetyCertificateOutlined style={{ fontSize: 22 }} />
        <div className="pc-2fa-policy-text">
          <Typography.Text strong>{t("twoFactor.policyTitle")}</Typography.Text>
          <br />
          <Typography.Text type="secondary">
            {t("twoFactor.policyIntro")}
            {policy && ` ${t("twoFactor.policyCount", policy)}`}
          </Typography.Text>
        </div>
        <Tooltip title={mayChange ? undefined : t("twoFactor.policySuperAdminOnly")}>
          <Switch
            checked={policy?.required ?? false}
            loading={!policy}
            disabled={!mayChange}
            onChange={change}
            aria-label={t("twoFactor.policyTitle")}
            data-testid="two-factor-policy-switch"
          />
        </Tooltip>
      </div>
    </Card>
  );
}

/**
 * The signed-in user's account (`/account/index`, the user menu's default target): name, login email,
 * company, permissions, status and the created and modified times, fetched fresh on each visit; then the
 * user's two-step verification (TwoFactorCard).
 */
import { KeyOutlined, UserOutlined } from "@ant-design/icons";
import { AccountStatus, type UserInfo } from "@pc/contract";
import { useQuery } from "@tanstack/react-query";
import { Avatar, Button, Card, Descriptions, Skeleton, Space, Tag, Typography, theme } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { userApi } from "../../api/passport.ts";
import { queryKeys } from "../../api/queryKeys.ts";
import { PATHS } from "../../app/paths.ts";
import { queryClient, userInfoQuery } from "../../app/queryClient.ts";
import { useContractText } from "../../i18n/messages.ts";
import { getToken, setUserInfo } from "../../session/session.ts";
import { ROLE_CHOICES } from "./accountForm.ts";
import { TwoFactorCard } from "./TwoFactorCard.tsx";
import "./account.css";

export default function AccountInfoPage() {
  const { t } = useTranslation();
  const text = useContractText();
  const { token: themeToken } = theme.useToken();
  const navigate = useNavigate();
  const token = getToken();
  const { data: cached } = useQuery({ ...userInfoQuery(token), enabled: Boolean(token) });
  const { data: fresh } = useQuery({
    queryKey: queryKeys.userInfo.fresh(token),
    queryFn: async (): Promise<UserInfo> => {
      const user = await userApi.userInfo();
      setUserInfo(user);
      queryClient.setQueryData(queryKeys.userInfo.of(token), user);
      return user;
    },
    enabled: Boolean(token),
    staleTime: 0,
    gcTime: 0,
  });
  const user = fresh ?? cached;

  if (!user) {
    return (
      <Card className="pc-account-card">
        <Skeleton active avatar paragraph={{ rows: 4 }} />
      </Card>
    );
  }

  const roles = ROLE_CHOICES.filter((choice) => user.role_id.includes(choice.value));
  const frozen = user.status === AccountStatus.Frozen;

  return (
    <div className="pc-account-page">
      <Card className="pc-account-card">
        <div className="pc-account-head">
          <Avatar
            size={64}
            icon={<UserOutlined />}
            style={{ background: themeToken.colorPrimaryBg, color: themeToken.colorPrimary }}
          />
          <div className="pc-account-head-text">
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="account-name">
              {user.user_name || user.name}
            </Typography.Title>
            <Typography.Text type="secondary">{user.email}</Typography.Text>
          </div>
          <Button icon={<KeyOutlined />} onClick={() => navigate(PATHS.modPassword)}>
            {t("route.modPassword")}
          </Button>
        </div>
        <Descriptions
          column={{ xs: 1, sm: 1, md: 2 }}
          bordered
          size="middle"
          className="pc-account-details"
          items={[
            { key: "user_name", label: t("accounts.userName"), children: user.user_name || user.name },
            { key: "email", label: t("accounts.email"), children: user.email },
            {
              key: "company",
              label: t("accounts.company"),
              children: user.company_name,
            },
            {
              key: "roles",
              label: t("accounts.role"),
              children:
                roles.length > 0 ? (
                  <Space size={[4, 4]} wrap>
                    {roles.map((role) => (
                      <Tag key={role.value} color={role.assignable ? "blue" : "gold"}>
                        {text.title("role", role.value)}
                      </Tag>
                    ))}
                  </Space>
                ) : (
                  <span className="pc-muted">{t("accounts.noRole")}</span>
                ),
            },
            {
              key: "status",
              label: t("accounts.columns.status"),
              children: frozen ? (
                <Tag color="error">{text.title("accountStatus", user.status)}</Tag>
              ) : (
                <Tag color="success">{text.title("accountStatus", user.status)}</Tag>
              ),
            },
            { key: "create_time", label: t("accounts.columns.createTime"), children: user.create_time },
            { key: "modify_time", label: t("accounts.columns.modifyTime"), children: user.modify_time },
          ]}
        />
      </Card>
      <TwoFactorCard account={user.email} />
    </div>
  );
}

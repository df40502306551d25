/**
 * Password change (`/account/modPassword`, from the user menu): the old password, a new one by the sign-in
 * rules and its confirmation. The server checks the old one (606, shown on its field), keeps this session
 * and signs out the others.
 */
import { LockOutlined } from "@ant-design/icons";
import { Code, passwordChangeForm } from "@pc/contract";
import { App, Button, Card, Form, Input, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { passwordApi } from "../../api/accounts.ts";
import type { ApiError } from "../../api/client.ts";
import { passwordDigest } from "../../api/digest.ts";
import { busy } from "../../components/busy.ts";
import { NewPasswordFields } from "../../components/NewPasswordFields.tsx";
import { formSchemaRule } from "../../components/schemaRule.ts";
import { namedFieldOf, useFieldSubmit } from "../../components/useFieldSubmit.ts";
import { useContractText } from "../../i18n/messages.ts";
import "./account.css";

interface ModPasswordValues {
  old_password: string;
  new_password: string;
  confirm_password: string;
}

const namedField = namedFieldOf<keyof ModPasswordValues>(["old_password", "new_password"]);

/** Where a refusal goes: 606 on the old password, a 604 naming a field on that field. */
export function passwordFieldOf(error: ApiError): keyof ModPasswordValues | undefined {
  return error.code === Code.WrongPassword ? "old_password" : namedField(error);
}

export default function ModPasswordPage() {
  const { t } = useTranslation();
  const text = useContractText();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<ModPasswordValues>();
  const { saving, onFinish } = useFieldSubmit(form, passwordFieldOf, async (values, options) => {
    await passwordApi.change(
      {
        old_password: passwordDigest(values.old_password),
        new_password: passwordDigest(values.new_password),
      },
      options,
    );
    form.resetFields();
    void message.success(text.message("passwordChanged"), 3);
  });

  return (
    <Card className="pc-password-card">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t("route.modPassword")}
      </Typography.Title>
      <Typography.Text type="secondary" className="pc-password-intro">
        {t("password.intro")}
      </Typography.Text>
      <Form<ModPasswordValues> form={form} layout="vertical" autoComplete="off" onFinish={onFinish}>
        <Form.Item
          name="old_password"
          label={t("password.old")}
          required
          rules={[formSchemaRule(passwordChangeForm, "old_password", text.lang)]}
        >
          <Input.Password
            id="old_password"
            prefix={<LockOutlined />}
            placeholder={t("password.oldPlaceholder")}
            autoComplete="current-password"
          />
        </Form.Item>
        <NewPasswordFields
          schema={passwordChangeForm}
          name="new_password"
          label={t("password.new")}
          placeholder={t("password.newPlaceholder")}
          required
          dependencies={["old_password"]}
        />
        <Form.Item style={{ marginTop: 8 }}>
          <Space>
            <Button type="primary" htmlType="submit" loading={busy(saving)} data-testid="mod-password-submit">
              {t("password.submit")}
            </Button>
            <Button onClick={() => navigate(-1)}>{t("common.cancel")}</Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}

/** The search form above a list: inline filters with Search and Reset. */
import { ReloadOutlined, SearchOutlined } from "@ant-design/icons";
import { Button, Form, type FormInstance, Space } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

export function FilterBar<V extends object>({
  form,
  name,
  initialValues,
  onSearch,
  onReset,
  children,
}: {
  form: FormInstance<V>;
  /** The form's name: its fields' ids become `<name>_<field>` (two filter forms on one page). */
  name?: string;
  initialValues: V;
  onSearch: () => void;
  onReset: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Form<V>
      form={form}
      name={name}
      layout="inline"
      initialValues={initialValues}
      onFinish={onSearch}
      className="pc-filter-bar"
      autoComplete="off"
    >
      {children}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="filter-search">
            {t("common.search")}
          </Button>
          <Button icon={<ReloadOutlined />} onClick={onReset} data-testid="filter-reset">
            {t("common.reset")}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

/** The search form above a list: inline filters with Search and Reset. */
import { ReloadOutlined, SearchOutlined } from "@ant-design/icons";
import { Button, Form, type FormInstance, Input, type InputProps, Space } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useContractText } from "../i18n/messages.ts";
import { type ParseSchema, schemaRule } from "./schemaRule.ts";

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

/** A text filter, checked by the list query's schema of that field. */
export function TextFilter({
  name,
  label,
  schema,
  id,
  placeholder,
  inputMode,
}: {
  name: string;
  label: string;
  schema: ParseSchema;
  id: string;
  placeholder: string;
  inputMode?: InputProps["inputMode"];
}) {
  const text = useContractText();
  return (
    <Form.Item name={name} label={label} rules={[schemaRule(schema, text.lang)]}>
      <Input placeholder={placeholder} allowClear inputMode={inputMode} id={id} />
    </Form.Item>
  );
}

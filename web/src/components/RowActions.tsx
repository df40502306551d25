/**
 * A table row's actions: the first 3 as links, the rest in a "more" dropdown
 * (docs/rules/screens.md#shared-behaviours).
 */
import { DownOutlined } from "@ant-design/icons";
import { Button, Dropdown, Space } from "antd";
import { useTranslation } from "react-i18next";
import { MAX_INLINE_ACTIONS, type RowAction, splitActions } from "./rowActions.ts";

export function RowActions({
  actions,
  max = MAX_INLINE_ACTIONS,
}: {
  actions: readonly RowAction[];
  max?: number;
}) {
  const { t } = useTranslation();
  const { inline, more } = splitActions(actions, max);
  return (
    <Space size={0} wrap className="pc-row-actions">
      {inline.map((action) => (
        <Button
          key={action.key}
          type="link"
          size="small"
          danger={action.danger}
          disabled={action.disabled}
          onClick={action.onClick}
          data-action={action.key}
        >
          {action.label}
        </Button>
      ))}
      {more.length > 0 && (
        <Dropdown
          trigger={["click"]}
          menu={{
            items: more.map((action) => ({
              key: action.key,
              label: action.label,
              danger: action.danger,
              disabled: action.disabled,
            })),
            onClick: ({ key }) => more.find((action) => action.key === key)?.onClick(),
          }}
        >
          <Button type="link" size="small" data-action="more">
            {t("common.more")} <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </Space>
  );
}

/**
 * The Views control of a report screen: the open view's name (marked when the screen differs from it) on a
 * button whose menu opens any of the user's views in one click, saves the screen as a new view or into the
 * open one, and renames or deletes the open view.
 */
import {
  BookOutlined,
  CheckOutlined,
  DeleteOutlined,
  DownOutlined,
  EditOutlined,
  PlusOutlined,
  SaveOutlined,
} from "@ant-design/icons";
import { REPORT_VIEWS_MAX, type ReportViewRow } from "@pc/contract";
import { Button, Dropdown, type MenuProps } from "antd";
import { useTranslation } from "react-i18next";

export type ViewAction = "saveNew" | "update" | "rename" | "delete";

const OPEN_PREFIX = "open:";

export function ReportViewsMenu({
  views,
  openView,
  edited,
  onOpen,
  onAction,
}: {
  views: readonly ReportViewRow[];
  openView: ReportViewRow | null;
  edited: boolean;
  onOpen: (view: ReportViewRow) => void;
  onAction: (action: ViewAction) => void;
}) {
  const { t } = useTranslation();
  const full = views.length >= REPORT_VIEWS_MAX;
  const items: MenuProps["items"] = [
    {
      type: "group",
      key: "mine",
      label: t("views.mine", { count: views.length, max: REPORT_VIEWS_MAX }),
      children:
        views.length > 0
          ? views.map((view) => ({
              key: `${OPEN_PREFIX}${view.id}`,
              label: <span className="pc-view-item">{view.name}</span>,
              icon: view.id === openView?.id ? <CheckOutlined /> : <span className="pc-view-item-blank" />,
            }))
          : [{ key: "none", label: t("views.none"), disabled: true }],
    },
    { type: "divider" },
    {
      key: "saveNew",
      icon: <PlusOutlined />,
      label: full ? t("views.full", { max: REPORT_VIEWS_MAX }) : t("views.saveNew"),
      disabled: full,
    },
    ...(openView
      ? [
          { key: "update", icon: <SaveOutlined />, label: t("views.update"), disabled: !edited },
          { key: "rename", icon: <EditOutlined />, label: t("views.rename") },
          { key: "delete", icon: <DeleteOutlined />, label: t("views.delete"), danger: true },
        ]
      : []),
  ];
  const onClick: MenuProps["onClick"] = ({ key }) => {
    if (key.startsWith(OPEN_PREFIX)) {
      const view = views.find((one) => `${OPEN_PREFIX}${one.id}` === key);
      if (view) onOpen(view);
      return;
    }
    onAction(key as ViewAction);
  };
  return (
    <Dropdown
      trigger={["click"]}
      menu={{ items, onClick, className: "pc-views-menu" }}
      classNames={{ root: "pc-views-dropdown" }}
    >
      <Button
        icon={<BookOutlined />}
        className="pc-views-button"
        title={t("views.buttonTitle")}
        data-testid="report-views"
      >
        <span className="pc-views-name" title={openView?.name} data-testid="report-view-name">
          {openView ? openView.name : t("views.button")}
        </span>
        {openView && edited && (
          <span className="pc-views-edited" title={t("views.editedHelp")} data-testid="report-view-edited">
            {t("views.edited")}
          </span>
        )}
        <DownOutlined />
      </Button>
    </Dropdown>
  );
}

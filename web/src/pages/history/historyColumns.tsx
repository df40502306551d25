/** The columns a change shows in: when, who, what was done, and the changed fields. */
import { HISTORY_ENTITIES, type HistoryEntityValue, type HistoryRow } from "@pc/contract";
import { type TableColumnsType, Tag, Typography } from "antd";
import type { TFunction } from "i18next";
import { HistoryChanges } from "./HistoryChanges.tsx";

const ACTIONS = [
  "create",
  "update",
  "delete",
  "two_factor_on",
  "two_factor_off",
  "recovery_codes_renewed",
  "two_factor_reset",
] as const;
type KnownAction = (typeof ACTIONS)[number];
const isKnownAction = (action: string): action is KnownAction => ACTIONS.some((known) => known === action);
const ACTION_COLORS: Record<KnownAction, string> = {
  create: "green",
  update: "blue",
  delete: "red",
  two_factor_on: "cyan",
  two_factor_off: "orange",
  recovery_codes_renewed: "purple",
  two_factor_reset: "volcano",
};

const isEntity = (entity: string): entity is HistoryEntityValue =>
  HISTORY_ENTITIES.some((known) => known === entity);

const actionLabel = (action: string, t: TFunction) =>
  isKnownAction(action) ? t(`history.actions.${action}`) : action;
export const entityLabel = (entity: string, t: TFunction) =>
  isEntity(entity) ? t(`history.entities.${entity}`) : entity;

function ChangedBy({ row, t }: { row: HistoryRow; t: TFunction }) {
  return row.user ? (
    <>
      <div>{row.user.name}</div>
      <Typography.Text type="secondary">{row.user.email}</Typography.Text>
    </>
  ) : (
    <Typography.Text type="secondary">{t("history.system")}</Typography.Text>
  );
}

const ActionTag = ({ action, t }: { action: string; t: TFunction }) => (
  <Tag color={isKnownAction(action) ? ACTION_COLORS[action] : undefined}>{actionLabel(action, t)}</Tag>
);

const changesColumn = (t: TFunction): TableColumnsType<HistoryRow>[number] => ({
  title: t("history.columns.changes"),
  dataIndex: "changes",
  render: (changes: HistoryRow["changes"], row) => <HistoryChanges entity={row.entity} changes={changes} />,
});

/** The company-wide list's columns: when, who, what was done, to which record, and the changed fields. */
export function historyColumns(t: TFunction): TableColumnsType<HistoryRow> {
  return [
    { title: t("history.columns.time"), dataIndex: "time", width: 170, className: "pc-nowrap" },
    {
      title: t("history.columns.user"),
      key: "user",
      width: 200,
      render: (_, row) => <ChangedBy row={row} t={t} />,
    },
    {
      title: t("history.columns.action"),
      dataIndex: "action",
      width: 110,
      render: (action: string) => <ActionTag action={action} t={t} />,
    },
    {
      title: t("history.columns.record"),
      key: "record",
      width: 220,
      render: (_, row) => (
        <>
          <div>{row.entity_name ?? `#${row.entity_id}`}</div>
          <Typography.Text type="secondary">
            {entityLabel(row.entity, t)} #{row.entity_id}
          </Typography.Text>
        </>
      ),
    },
    changesColumn(t),
  ];
}

/**
 * A record's own history in its drawer: what was done, when and by whom in one narrow
 * column, so the changed fields take the rest of the drawer's width and wrap inside it at every width.
 */
export function recordHistoryColumns(t: TFunction): TableColumnsType<HistoryRow> {
  return [
    {
      title: t("history.columns.action"),
      key: "change",
      width: 150,
      className: "pc-history-change",
      render: (_, row) => (
        <>
          <ActionTag action={row.action} t={t} />
          <div>{row.time}</div>
          <ChangedBy row={row} t={t} />
        </>
      ),
    },
    changesColumn(t),
  ];
}

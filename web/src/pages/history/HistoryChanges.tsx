/** A change's fields, each with its value before and after, in the user's language. */
import { type HistoryChange, isHistoryField } from "@pc/contract";
import { Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useContractText } from "../../i18n/messages.ts";
import { changeTexts } from "./historyValues.ts";
import "./history.css";

export function HistoryChanges({ entity, changes }: { entity: string; changes: readonly HistoryChange[] }) {
  const { t } = useTranslation();
  const { title } = useContractText();
  if (changes.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <ul className="pc-history-changes">
      {changes.map((change) => {
        const { field, before } = change;
        const texts = changeTexts(entity, change, { t, title });
        return (
          <li key={field}>
            <Typography.Text strong>
              {isHistoryField(field) ? t(`history.fields.${field}`) : field}
            </Typography.Text>
            {": "}
            {before !== null && (
              <>
                <Typography.Text delete type="secondary" data-testid="history-before">
                  {texts.before}
                </Typography.Text>
                {" → "}
              </>
            )}
            <Typography.Text data-testid="history-after">{texts.after}</Typography.Text>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Changes made after a confirmation (docs/rules/screens.md#shared-behaviours; docs/rules/errors.md):
 * cancelling shows a cancelled message, success shows Success. A refusal was already shown by the API client.
 */
import { ExclamationCircleFilled } from "@ant-design/icons";
import type { MessageKey } from "@pc/contract";
import { App } from "antd";
import { useTranslation } from "react-i18next";
import { WARNING_SECONDS } from "../api/client.ts";
import { useContractText } from "../i18n/messages.ts";

/** Asks `content`; OK runs the change and then `onDone`, Cancel shows `cancelled`. */
export function useConfirmAction() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const text = useContractText();

  return ({
    content,
    cancelled,
    danger,
    run,
    onDone,
  }: {
    content: string;
    cancelled: string;
    /** The OK button in red. */
    danger: boolean;
    run: () => Promise<unknown>;
    onDone: () => void;
  }) => {
    modal.confirm({
      title: t("common.notice"),
      icon: <ExclamationCircleFilled />,
      content,
      okText: t("common.ok"),
      cancelText: t("common.cancel"),
      okButtonProps: { danger },
      onCancel: () => {
        void message.info(cancelled);
      },
      onOk: async () => {
        try {
          await run();
        } catch {
          return; // the client has shown the server's message; the dialog closes
        }
        void message.success(text.success);
        onDone();
      },
    });
  };
}

/**
 * Delete with confirmation: "the operation deletes permanently; continue?". A delete the row already shows the
 * server would refuse (`refusal`: an app with placements) shows that refusal at once, as the
 * client shows the server's, without asking first; the server's refusal stays the guard.
 */
export function useConfirmDelete() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const text = useContractText();
  const confirm = useConfirmAction();

  return (remove: () => Promise<unknown>, onDeleted: () => void, refusal: MessageKey | null = null) =>
    refusal
      ? void message.warning(text.message(refusal), WARNING_SECONDS)
      : confirm({
          content: text.message("deleteConfirm"),
          cancelled: t("common.deleteCancelled"),
          danger: true,
          run: remove,
          onDone: onDeleted,
        });
}

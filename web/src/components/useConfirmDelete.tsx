/**
 * Delete with confirmation (spec §2, §8): "the operation deletes permanently; continue?"; cancelling shows
 * the cancelled-delete message, success shows Success. A refusal was already shown by the API client.
 */
import { ExclamationCircleFilled } from "@ant-design/icons";
import { App } from "antd";
import { useTranslation } from "react-i18next";
import { useContractText } from "../i18n/messages.ts";

export function useConfirmDelete() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const text = useContractText();

  return (remove: () => Promise<unknown>, onDeleted: () => void) => {
    modal.confirm({
      title: t("common.notice"),
      icon: <ExclamationCircleFilled />,
      content: text.message("deleteConfirm"),
      okText: t("common.ok"),
      cancelText: t("common.cancel"),
      okButtonProps: { danger: true },
      onCancel: () => {
        void message.info(t("common.deleteCancelled"));
      },
      onOk: async () => {
        try {
          await remove();
        } catch {
          return; // the client has shown the server's message; the dialog closes
        }
        void message.success(text.success);
        onDeleted();
      },
    });
  };
}

/**
 * Calculates a day that may have no batch yet (one company or every publisher); the dialog says it cannot be
 * undone, and hands the batches the calculation changed to `onDone`.
 */
import type { ReportDateWindowAnswer, ReportKindValue, ReportManageAnswer } from "@pc/contract";
import { Alert, DatePicker, Form, Modal, Radio } from "antd";
import type { Dayjs } from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { busy } from "../../components/busy.ts";
import { useContractText } from "../../i18n/messages.ts";
import { CompanySelect } from "../reports/screen/CompanySelect.tsx";
import { afterWindow, dayOf, toDayjs } from "../reports/screen/reportScreenConfig.ts";
import type { ReportCompanies } from "../reports/screen/useReportCompanies.ts";
import { kindOptions } from "./batchChoices.ts";

interface CalculateValues {
  date: Dayjs | null;
  kind: ReportKindValue;
  company_id: number | undefined;
}

export function CalculateDialog({
  open,
  dateWindow,
  companies,
  calculate,
  onClose,
  onDone,
}: {
  open: boolean;
  dateWindow: ReportDateWindowAnswer;
  companies: ReportCompanies;
  calculate: (kind: ReportKindValue, day: string, companyId: number | null) => Promise<ReportManageAnswer>;
  onClose: () => void;
  onDone: (answer: ReportManageAnswer) => void;
}) {
  const { t } = useTranslation();
  const text = useContractText();
  const [form] = Form.useForm<CalculateValues>();
  const [running, setRunning] = useState(false);

  const run = async () => {
    let values: CalculateValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const ymd = dayOf(values.date);
    if (!ymd) return;
    setRunning(true);
    try {
      onDone(await calculate(values.kind, ymd, values.company_id ?? null));
    } catch {
      // the client has shown the server's message
    } finally {
      setRunning(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t("reportManagement.dialog.title")}
      onCancel={onClose}
      onOk={() => void run()}
      okText={t("reportManagement.calculate")}
      cancelText={t("common.cancel")}
      okButtonProps={{ loading: busy(running) }}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        title={text.message("reportCalculateConfirm")}
        className="pc-report-alert"
      />
      <Form<CalculateValues>
        form={form}
        name="calculate"
        layout="vertical"
        initialValues={{ date: toDayjs(dateWindow.maxDate), kind: "online", company_id: undefined }}
      >
        <Form.Item
          name="date"
          label={t("reportManagement.dialog.date")}
          rules={[{ required: true, message: t("reportManagement.dialog.datePlaceholder") }]}
        >
          <DatePicker
            format="YYYY-MM-DD"
            placeholder={t("reportManagement.dialog.datePlaceholder")}
            disabledDate={afterWindow(dateWindow)}
          />
        </Form.Item>
        <Form.Item name="kind" label={t("reportManagement.dialog.kind")}>
          <Radio.Group options={kindOptions(text.lang)} />
        </Form.Item>
        <Form.Item name="company_id" label={t("reportManagement.dialog.company")}>
          <CompanySelect companies={companies} placeholder={t("reportManagement.dialog.allPublishers")} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

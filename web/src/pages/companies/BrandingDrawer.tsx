/**
 * A company's branding: the theme colour (antd ColorPicker, or typed as #RRGGBB) with a live preview of the
 * top bar and a button in that colour, and its logo and favicon, each uploaded after the server's own check
 * (type read from the bytes, size) or removed. Signed-in users see a change within the branding cache time.
 */
import { DeleteOutlined, UploadOutlined } from "@ant-design/icons";
import {
  BRAND_ASSET_RULES,
  type BrandAssetKind,
  type CompanyInfo,
  type CompanyManageRow,
  themeColor,
} from "@pc/contract";
import {
  App,
  Button,
  ColorPicker,
  ConfigProvider,
  Drawer,
  Form,
  Input,
  Menu,
  Space,
  Typography,
  Upload,
} from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, type RequestOptions } from "../../api/client.ts";
import { companiesApi } from "../../api/companies.ts";
import { brandTheme } from "../../app/brandTheme.ts";
import { BrandMark } from "../../app/layout/BrandMark.tsx";
import { busy } from "../../components/busy.ts";
import { schemaError } from "../../components/schemaRule.ts";
import { useContractText } from "../../i18n/messages.ts";
import { readBrandImage } from "./companyForm.ts";

const PRESETS = ["#00B96B", "#1677FF", "#722ED1", "#EB2F96", "#FA541C", "#FAAD14", "#13C2C2", "#2F54EB"];

/** The top bar and a primary button as the company's users will see them, in `color`. */
function BrandPreview({ company, color }: { company: CompanyManageRow; color: string }) {
  const { t } = useTranslation();
  const info: CompanyInfo = { ...company, host: "", ssp_host: "", theme: color };
  return (
    <ConfigProvider theme={brandTheme(color)}>
      <div className="pc-brand-preview" data-testid="branding-preview" data-color={color}>
        <div className="pc-brand-preview-bar">
          <span className="pc-brand-preview-brand">
            <BrandMark company={info} size={28} />
            <span className="pc-brand-preview-name">{company.name}</span>
          </span>
          <Menu
            mode="horizontal"
            selectedKeys={["reports"]}
            className="pc-brand-preview-menu"
            items={[
              { key: "home", label: t("route.home") },
              { key: "apps", label: t("route.appManagement") },
              { key: "reports", label: t("route.reports") },
            ]}
          />
        </div>
        <div className="pc-brand-preview-body">
          <Button type="primary" data-testid="preview-button">
            {t("companies.previewButton")}
          </Button>
          <Typography.Link>{t("companies.previewLink")}</Typography.Link>
        </div>
      </div>
    </ConfigProvider>
  );
}

function ImageField({
  company,
  kind,
  onChanged,
}: {
  company: CompanyManageRow;
  kind: BrandAssetKind;
  onChanged: (row: CompanyManageRow) => void;
}) {
  const { t } = useTranslation();
  const text = useContractText();
  const { message } = App.useApp();
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const current = company[kind];

  const run = async (call: (options: RequestOptions) => Promise<CompanyManageRow>) => {
    setWorking(true);
    try {
      const row = await call({ quiet: (refusal) => refusal.field === "data" });
      setError(null);
      void message.success(text.success);
      onChanged(row);
    } catch (refusal) {
      // any other refusal was shown by the client
      if (refusal instanceof ApiError && refusal.field === "data") setError(refusal.message);
    } finally {
      setWorking(false);
    }
  };

  const choose = async (file: File) => {
    const read = await readBrandImage(kind, file);
    if (!read.ok) {
      setError(text.message(read.message));
      return;
    }
    await run((options) => companiesApi.upload(company.id, kind, read.data, options));
  };

  return (
    <Form.Item
      label={t(`companies.${kind}`)}
      extra={t(`companies.${kind}Hint`)}
      validateStatus={error ? "error" : undefined}
      help={error ?? undefined}
    >
      <Space align="center" wrap>
        <span className={`pc-brand-image pc-brand-image-${kind}`} data-testid={`current-${kind}`}>
          {current ? (
            <img src={current} alt={t(`companies.${kind}`)} />
          ) : (
            <Typography.Text type="secondary">{t("companies.none")}</Typography.Text>
          )}
        </span>
        <Upload
          accept={BRAND_ASSET_RULES[kind].accept}
          showUploadList={false}
          maxCount={1}
          beforeUpload={(file) => {
            void choose(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy(working)} data-testid={`upload-${kind}`}>
            {t("companies.upload")}
          </Button>
        </Upload>
        {current && (
          <Button
            icon={<DeleteOutlined />}
            danger
            disabled={working}
            onClick={() => void run((options) => companiesApi.removeAsset(company.id, kind, options))}
            data-testid={`remove-${kind}`}
          >
            {t("companies.remove")}
          </Button>
        )}
      </Space>
    </Form.Item>
  );
}

export function BrandingDrawer({
  company,
  onClose,
  onChanged,
}: {
  company: CompanyManageRow;
  onClose: () => void;
  onChanged: (row: CompanyManageRow) => void;
}) {
  const { t } = useTranslation();
  const text = useContractText();
  const { message } = App.useApp();
  const [typed, setTyped] = useState(company.theme);
  const [saving, setSaving] = useState(false);
  const [themeError, setThemeError] = useState<string | null>(null);
  const invalid = schemaError(themeColor, typed, text.lang);
  const color = invalid ? company.theme : typed.trim().toUpperCase();

  const saveTheme = async () => {
    if (invalid) {
      setThemeError(invalid);
      return;
    }
    setSaving(true);
    try {
      const row = await companiesApi.setTheme(company.id, color, {
        quiet: (refusal) => refusal.field === "theme",
      });
      setThemeError(null);
      void message.success(text.success);
      onChanged(row);
    } catch (refusal) {
      if (refusal instanceof ApiError && refusal.field === "theme") setThemeError(refusal.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open
      size={560}
      title={t("companies.brandingTitle", { name: company.name })}
      onClose={onClose}
      destroyOnHidden
      data-testid="branding-drawer"
    >
      <Form layout="vertical" className="pc-branding-form">
        <Form.Item
          label={t("companies.theme")}
          validateStatus={themeError || (invalid && typed) ? "error" : undefined}
          help={themeError ?? (typed ? invalid : null) ?? undefined}
          extra={t("companies.themeHint")}
        >
          <Space wrap>
            <ColorPicker
              value={color}
              disabledAlpha
              format="hex"
              presets={[{ label: t("companies.presets"), colors: PRESETS }]}
              onChange={(value) => {
                setTyped(value.toHexString().slice(0, 7).toUpperCase());
                setThemeError(null);
              }}
            />
            <Input
              id="branding-theme"
              value={typed}
              onChange={(event) => {
                setTyped(event.target.value);
                setThemeError(null);
              }}
              maxLength={7}
              style={{ width: 120 }}
              placeholder="#RRGGBB"
            />
            <Button
              type="primary"
              onClick={() => void saveTheme()}
              loading={busy(saving)}
              disabled={color === company.theme}
              data-testid="save-theme"
            >
              {t("companies.saveTheme")}
            </Button>
          </Space>
        </Form.Item>
        <Form.Item label={t("companies.preview")}>
          <BrandPreview company={company} color={color} />
        </Form.Item>
        <ImageField company={company} kind="logo" onChanged={onChanged} />
        <ImageField company={company} kind="icon" onChanged={onChanged} />
        <Typography.Paragraph type="secondary">{t("companies.cacheNote")}</Typography.Paragraph>
      </Form>
    </Drawer>
  );
}

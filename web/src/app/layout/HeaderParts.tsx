/**
 * The parts of the top bar that need no session: brand, language switch, and the bar a signed-out visitor sees
 * (sign-in, registration, password reset). The signed-in bar (`TopBar.tsx`: menu, drawer, user menu) is a chunk
 * of its own, so the sign-in page does not load it.
 */
import { DownOutlined, GlobalOutlined } from "@ant-design/icons";
import type { CompanyInfo, LangValue, UserInfo } from "@pc/contract";
import { Button, Dropdown, Layout, type MenuProps } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { changeLanguage, currentLanguage, LANGUAGES } from "../../i18n/index.ts";
import { PATHS } from "../paths.ts";
import { BrandMark } from "./BrandMark.tsx";
import { usePhoneLayout, useScreen } from "./usePhoneLayout.ts";

/**
 * Hover opens a desktop dropdown too; a phone has no hover, and a tap there is both a hover and a click (which
 * could close again what the hover opened), so the phone's dropdowns open on click only.
 */
export const triggers = (phone: boolean): ("click" | "hover")[] => (phone ? ["click"] : ["click", "hover"]);

export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const items: MenuProps["items"] = LANGUAGES.map((code) => ({ key: code, label: t(`language.${code}`) }));
  return (
    <Dropdown
      menu={{
        items,
        selectable: true,
        selectedKeys: [lang],
        onClick: ({ key }) => void changeLanguage(key as LangValue),
      }}
      trigger={triggers(compact)}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={t("topBar.language")}
        data-testid="lang-switch"
      >
        {!compact && t(`language.${lang}`)}
        {!compact && <DownOutlined className="pc-caret" />}
      </Button>
    </Dropdown>
  );
}

export function displayName(user: UserInfo | undefined): string {
  return user?.user_name || user?.name || user?.email || "";
}

/** The company's logo and name, leading home. */
export function Brand({
  company,
  markOnly = false,
}: {
  company: CompanyInfo | undefined;
  markOnly?: boolean;
}) {
  const { t } = useTranslation();
  const brandName = company?.name || t("app.name");
  return (
    // named by its text when the name shows (a label would leave the mark's letter out of the name)
    <Link to={PATHS.home} className="pc-brand" aria-label={markOnly ? brandName : undefined}>
      <BrandMark company={company} size={32} />
      {!markOnly && <span className="pc-brand-name">{brandName}</span>}
    </Link>
  );
}

export interface HeaderLayout {
  /** Below md (768 px): the phone's bar (tighter, no hover, Logout in the user menu). */
  phone: boolean;
  /** Below lg (992 px) the menu is in a drawer opened by a menu button. */
  drawerMenu: boolean;
  /** Below xxl (1600 px) language, user and logout shrink to their icons, so a long menu keeps its items. */
  compact: boolean;
  /** From lg to xl (992–1199 px) the brand shows its mark only, beside the horizontal menu. */
  markOnly: boolean;
}

/** The top bar's shape at the window's width. */
export function useHeaderLayout(): HeaderLayout {
  const md = useScreen("md");
  const lg = useScreen("lg");
  const xl = useScreen("xl");
  const xxl = useScreen("xxl");
  return { phone: !md, drawerMenu: !lg, compact: !xxl, markOnly: lg && !xl };
}

export const headerClass = (narrow: boolean) => (narrow ? "pc-header pc-header-narrow" : "pc-header");

/** The bar of a visitor who is not signed in: brand and language. */
export function PublicTopBar({ company }: { company: CompanyInfo | undefined }) {
  const phone = usePhoneLayout();
  return (
    <Layout.Header className={headerClass(phone)}>
      <Brand company={company} />
      <div className="pc-header-menu" />
      <div className="pc-header-actions">
        <LanguageSwitch compact={phone} />
      </div>
    </Layout.Header>
  );
}

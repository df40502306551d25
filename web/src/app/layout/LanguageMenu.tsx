/**
 * The language switch's dropdown, a chunk of its own: antd's Dropdown and Menu (and their styles) are the
 * largest part of the signed-out bar, so the sign-in page paints without them and they follow (HeaderParts).
 */
import type { LangValue } from "@pc/contract";
import { Dropdown, type DropdownProps, type MenuProps } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { changeLanguage, currentLanguage, LANGUAGES } from "../../i18n/index.ts";

export default function LanguageMenu({
  trigger,
  children,
}: {
  trigger: DropdownProps["trigger"];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const items: MenuProps["items"] = LANGUAGES.map((code) => ({ key: code, label: t(`language.${code}`) }));
  return (
    <Dropdown
      menu={{
        items,
        selectable: true,
        selectedKeys: [currentLanguage()],
        onClick: ({ key }) => void changeLanguage(key as LangValue),
      }}
      trigger={trigger}
    >
      {children}
    </Dropdown>
  );
}

/** The top bar: brand, the menu of the routes the user may see, language, user and logout. */
import { DownOutlined, GlobalOutlined, KeyOutlined, LogoutOutlined, UserOutlined } from "@ant-design/icons";
import type { CompanyInfo, LangValue, UserInfo } from "@pc/contract";
import { Avatar, Button, Dropdown, Layout, Menu, type MenuProps } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { changeLanguage, currentLanguage, LANGUAGES } from "../../i18n/index.ts";
import { logout } from "../../session/actions.ts";
import { grantedKeys } from "../guard.ts";
import { buildMenu, selectedMenuKeys } from "../menu.tsx";
import { HOME_PATH, LOGIN_PATH, type RouteKey } from "../routeTable.tsx";
import { BrandMark } from "./BrandMark.tsx";

interface TopBarProps {
  company: CompanyInfo | undefined;
  signedIn: boolean;
  user: UserInfo | undefined;
  menuRoutes: readonly RouteKey[] | undefined;
}

export function LanguageSwitch() {
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
      trigger={["click", "hover"]}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={t("topBar.language")}
        data-testid="lang-switch"
      >
        {t(`language.${lang}`)}
        <DownOutlined className="pc-caret" />
      </Button>
    </Dropdown>
  );
}

export function displayName(user: UserInfo | undefined): string {
  return user?.user_name || user?.name || user?.email || "";
}

export function TopBar({ company, signedIn, user, menuRoutes }: TopBarProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();

  const menuItems = useMemo(
    () => (signedIn && menuRoutes ? buildMenu(grantedKeys(menuRoutes), t) : []),
    [signedIn, menuRoutes, t],
  );
  const selected = selectedMenuKeys(menuItems, pathname);

  const onLogout = async () => {
    await logout();
    navigate(LOGIN_PATH, { replace: true });
  };

  const userMenu: MenuProps["items"] = [
    {
      key: "/account/index",
      icon: <UserOutlined />,
      label: <Link to="/account/index">{t("topBar.accountInfo")}</Link>,
    },
    {
      key: "/account/modPassword",
      icon: <KeyOutlined />,
      label: <Link to="/account/modPassword">{t("topBar.modPassword")}</Link>,
    },
    { type: "divider" },
    {
      key: "logout",
      icon: <LogoutOutlined />,
      label: t("topBar.logout"),
      onClick: () => void onLogout(),
    },
  ];
  const name = displayName(user);
  const brandName = company?.name || t("app.name");

  return (
    <Layout.Header className="pc-header">
      <Link to={HOME_PATH} className="pc-brand" aria-label={brandName}>
        <BrandMark company={company} size={32} />
        <span className="pc-brand-name">{brandName}</span>
      </Link>
      <div className="pc-header-menu">
        {menuItems.length > 0 && (
          <Menu
            mode="horizontal"
            items={menuItems}
            selectedKeys={selected}
            style={{ borderBottom: "none", minWidth: 0, flex: 1 }}
          />
        )}
      </div>
      <div className="pc-header-actions">
        <LanguageSwitch />
        {signedIn && name && (
          <Dropdown
            menu={{ items: userMenu, selectedKeys: [pathname] }}
            trigger={["click", "hover"]}
            placement="bottomRight"
          >
            <Button type="text" className="pc-user" data-testid="user-menu">
              <Avatar size={26} icon={<UserOutlined />} className="pc-user-avatar" />
              <span className="pc-user-name">{name}</span>
            </Button>
          </Dropdown>
        )}
        {signedIn && (
          <Button type="link" icon={<LogoutOutlined />} onClick={() => void onLogout()} data-testid="logout">
            {t("topBar.logout")}
          </Button>
        )}
      </div>
    </Layout.Header>
  );
}

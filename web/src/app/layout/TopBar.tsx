/**
 * The top bar: brand, the menu of the routes the user may see, language, user and logout. Below antd's `md`
 * breakpoint (a phone) the menu moves into a drawer opened by a menu button, the language switch shrinks to its
 * icon and the user menu to its avatar (Logout is in it).
 */
import {
  ApiOutlined,
  DownOutlined,
  GlobalOutlined,
  KeyOutlined,
  LogoutOutlined,
  MenuOutlined,
  UserOutlined,
} from "@ant-design/icons";
import type { CompanyInfo, LangValue, UserInfo } from "@pc/contract";
import { Avatar, Button, Drawer, Dropdown, Layout, Menu, type MenuProps } from "antd";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { changeLanguage, currentLanguage, LANGUAGES } from "../../i18n/index.ts";
import { logout } from "../../session/actions.ts";
import { grantedKeys } from "../guard.ts";
import { buildMenu, selectedMenuKeys } from "../menu.tsx";
import { HOME_PATH, LOGIN_PATH, type RouteKey } from "../routeTable.tsx";
import { BrandMark } from "./BrandMark.tsx";
import { usePhoneLayout } from "./usePhoneLayout.ts";

interface TopBarProps {
  company: CompanyInfo | undefined;
  signedIn: boolean;
  user: UserInfo | undefined;
  menuRoutes: readonly RouteKey[] | undefined;
}

/**
 * Hover opens a desktop dropdown too; a phone has no hover, and a tap there is both a hover and a click (which
 * could close again what the hover opened), so the phone's dropdowns open on click only.
 */
const triggers = (phone: boolean): ("click" | "hover")[] => (phone ? ["click"] : ["click", "hover"]);

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

export function TopBar({ company, signedIn, user, menuRoutes }: TopBarProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const phone = usePhoneLayout();
  const [drawerOpen, setDrawerOpen] = useState(false);

  // the drawer closes on any navigation (a menu item, the brand, the user menu) and when the bar widens
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on a change of the path
  useEffect(() => setDrawerOpen(false), [pathname, phone]);

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
    ...(menuRoutes?.includes("apiKeys")
      ? [
          {
            key: "/account/apiKeys",
            icon: <ApiOutlined />,
            label: (
              <Link to="/account/apiKeys" data-testid="api-keys-link">
                {t("route.apiKeys")}
              </Link>
            ),
          },
        ]
      : []),
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
  const brand = (
    <Link to={HOME_PATH} className="pc-brand" aria-label={brandName}>
      <BrandMark company={company} size={32} />
      <span className="pc-brand-name">{brandName}</span>
    </Link>
  );
  const hasMenu = menuItems.length > 0;

  return (
    <Layout.Header className={phone ? "pc-header pc-header-phone" : "pc-header"}>
      {phone && hasMenu && (
        <Button
          type="text"
          icon={<MenuOutlined />}
          aria-label={t("topBar.menu")}
          aria-expanded={drawerOpen}
          onClick={() => setDrawerOpen(true)}
          className="pc-menu-button"
          data-testid="menu-button"
        />
      )}
      {brand}
      <div className="pc-header-menu">
        {hasMenu && !phone && (
          <Menu
            mode="horizontal"
            items={menuItems}
            selectedKeys={selected}
            style={{ borderBottom: "none", minWidth: 0, flex: 1 }}
          />
        )}
      </div>
      <div className="pc-header-actions">
        <LanguageSwitch compact={phone} />
        {signedIn && name && (
          <Dropdown
            menu={{
              items: phone ? [{ type: "group", key: "user", label: name, children: userMenu }] : userMenu,
              selectedKeys: [pathname],
            }}
            trigger={triggers(phone)}
            placement="bottomRight"
          >
            <Button
              type="text"
              className="pc-user"
              aria-label={phone ? t("topBar.userMenu") : undefined}
              data-testid="user-menu"
            >
              <Avatar size={26} icon={<UserOutlined />} className="pc-user-avatar" />
              {!phone && <span className="pc-user-name">{name}</span>}
            </Button>
          </Dropdown>
        )}
        {signedIn && !phone && (
          <Button type="link" icon={<LogoutOutlined />} onClick={() => void onLogout()} data-testid="logout">
            {t("topBar.logout")}
          </Button>
        )}
      </div>
      {phone && hasMenu && (
        <Drawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          placement="left"
          size={280}
          title={brand}
          className="pc-menu-drawer"
          styles={{ body: { padding: 0 } }}
        >
          <Menu
            mode="inline"
            items={menuItems}
            selectedKeys={selected}
            defaultOpenKeys={selected}
            onClick={() => setDrawerOpen(false)}
            style={{ borderInlineEnd: "none" }}
          />
        </Drawer>
      )}
    </Layout.Header>
  );
}

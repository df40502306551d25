/**
 * The signed-in top bar: brand, the menu of the routes the user may see, language, user and logout. As the window
 * narrows (useHeaderLayout) the language, user and logout shrink to their icons, then the menu moves into a drawer
 * opened by a menu button; on a phone Logout moves into the user menu.
 */
import { ApiOutlined, KeyOutlined, LogoutOutlined, MenuOutlined, UserOutlined } from "@ant-design/icons";
import type { CompanyInfo, UserInfo } from "@pc/contract";
import { Avatar, Button, Drawer, Dropdown, Layout, Menu, type MenuProps, Tooltip } from "antd";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { logout } from "../../session/actions.ts";
import { grantedKeys, type RouteKey } from "../access.ts";
import { buildMenu, selectedMenuKeys } from "../menu.tsx";
import { PATHS } from "../paths.ts";
import {
  Brand,
  displayName,
  headerClass,
  LanguageSwitch,
  triggers,
  useHeaderLayout,
} from "./HeaderParts.tsx";

interface TopBarProps {
  company: CompanyInfo | undefined;
  user: UserInfo | undefined;
  menuRoutes: readonly RouteKey[] | undefined;
}

export function TopBar({ company, user, menuRoutes }: TopBarProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { phone, drawerMenu, compact, markOnly } = useHeaderLayout();
  const [drawerOpen, setDrawerOpen] = useState(false);

  // the drawer closes on any navigation (a menu item, the brand, the user menu) and when the bar widens
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on a change of the path
  useEffect(() => setDrawerOpen(false), [pathname, drawerMenu]);

  const menuItems = useMemo(() => (menuRoutes ? buildMenu(grantedKeys(menuRoutes), t) : []), [menuRoutes, t]);
  const selected = selectedMenuKeys(menuItems, pathname);

  const onLogout = async () => {
    await logout();
    navigate(PATHS.login, { replace: true });
  };

  const logoutLabel = t("topBar.logout");
  const userMenu: MenuProps["items"] = [
    {
      key: PATHS.accountInfo,
      icon: <UserOutlined />,
      label: <Link to={PATHS.accountInfo}>{t("topBar.accountInfo")}</Link>,
    },
    {
      key: PATHS.modPassword,
      icon: <KeyOutlined />,
      label: <Link to={PATHS.modPassword}>{t("topBar.modPassword")}</Link>,
    },
    ...(menuRoutes?.includes("apiKeys")
      ? [
          {
            key: PATHS.apiKeys,
            icon: <ApiOutlined />,
            label: (
              <Link to={PATHS.apiKeys} data-testid="api-keys-link">
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
      label: logoutLabel,
      onClick: () => void onLogout(),
    },
  ];
  const name = displayName(user);
  const hasMenu = menuItems.length > 0;

  return (
    <Layout.Header className={headerClass(drawerMenu)}>
      {drawerMenu && hasMenu && (
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
      <Brand company={company} markOnly={markOnly} />
      <div className="pc-header-menu">
        {hasMenu && !drawerMenu && (
          <Menu
            mode="horizontal"
            items={menuItems}
            selectedKeys={selected}
            style={{ borderBottom: "none", minWidth: 0, flex: 1 }}
          />
        )}
      </div>
      <div className="pc-header-actions">
        <LanguageSwitch compact={compact} />
        {name && (
          <Dropdown
            menu={{
              items: compact ? [{ type: "group", key: "user", label: name, children: userMenu }] : userMenu,
              selectedKeys: [pathname],
            }}
            trigger={triggers(phone)}
            placement="bottomRight"
          >
            <Button
              type="text"
              className="pc-user"
              aria-label={compact ? t("topBar.userMenu") : undefined}
              data-testid="user-menu"
            >
              <Avatar size={26} icon={<UserOutlined />} className="pc-user-avatar" />
              {!compact && <span className="pc-user-name">{name}</span>}
            </Button>
          </Dropdown>
        )}
        {!phone && (
          <Tooltip title={compact ? logoutLabel : undefined}>
            <Button
              type="link"
              icon={<LogoutOutlined />}
              aria-label={compact ? logoutLabel : undefined}
              onClick={() => void onLogout()}
              data-testid="logout"
            >
              {!compact && logoutLabel}
            </Button>
          </Tooltip>
        )}
      </div>
      {drawerMenu && hasMenu && (
        <Drawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          placement="left"
          size={280}
          title={<Brand company={company} />}
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

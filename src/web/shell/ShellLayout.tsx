import { useContext, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Breadcrumb, Button, Dropdown, Layout, Menu, Space, Typography, theme, type MenuProps } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined, SkinOutlined, UserOutlined } from '@ant-design/icons';
import type { MenuEntry, PageDefinition } from '../../generated/types.js';
import { PRODUCT_NAME } from '../../shared/product.js';
import { api } from '../http/httpClient.js';
import { loadedMenu, setLoadedMenu, subscribeUser, userState } from '../session/userStore.js';
import { signOut } from '../session/sessionActions.js';
import { globalState, subscribeGlobal, updateGlobalState } from '../theme/globalStore.js';
import { LOGIN_PATH } from './navigationGuard.js';
import { matchPage } from './matchPage.js';
import { breadcrumbOf, openMenuKeys } from './breadcrumb.js';
import { menuIcon } from './menuIcons.js';
import { KeepAliveOutlet } from './KeepAliveOutlet.js';
import { TagsView } from './TagsView.js';
import { clearTabs, setAffixedTabs, visitTab } from './tabsStore.js';
import { GuardContext } from './guardState.js';
import { lazyModule } from '../../runtime/lazy/lazyComponents.js';
import { useWarmMenuPages } from './useWarmMenuPages.js';

type MenuItem = Required<MenuProps>['items'][number];

// The theme settings (their colour picker the largest part) load when first opened.
const settingsDrawer = lazyModule(() => import('./SettingsDrawer.js'));

function toMenuItems(entries: MenuEntry[]): MenuItem[] {
  return entries
    .filter((e) => !e.meta.isHide)
    .map((e) => {
      const children = toMenuItems(e.children);
      const icon = menuIcon(e.meta.icon);
      if (children.length > 0) return { key: e.path, icon, label: e.meta.title, children };
      // An external tool with a configured address opens it straight away, in a new window.
      if (e.meta.isLink) {
        return {
          key: e.path,
          icon,
          label: (
            <a href={e.meta.isLink} target="_blank" rel="noreferrer">
              {e.meta.title}
            </a>
          ),
        };
      }
      return { key: e.path, icon, label: <Link to={e.path}>{e.meta.title}</Link> };
    });
}

function affixedEntries(entries: MenuEntry[]): MenuEntry[] {
  return entries.flatMap((e) => [...(e.meta.isAffix && !e.redirect ? [e] : []), ...affixedEntries(e.children)]);
}

/**
 * Opens the page's tag once the guard lets the page through: a page refused (403) or signed out of
 * leaves none behind. A component of its own, so the guard's verdict redraws only this, not the frame.
 */
function TabVisit({ page }: { page: PageDefinition | undefined }) {
  const { pathname, search } = useLocation();
  const passedPath = useContext(GuardContext);
  const fullPath = pathname + search;
  useEffect(() => {
    if (page && !page.redirect && passedPath === fullPath) visitTab({ path: pathname, fullPath, title: page.title });
  }, [pathname, fullPath, passedPath, page]);
  return null;
}

/** The signed-in frame: menu from the server, header, breadcrumb, tags view, page, footer. */
export function ShellLayout({ pages }: { pages: PageDefinition[] }) {
  const location = useLocation();
  const navigate = useNavigate();
  const user = useSyncExternalStore(subscribeUser, userState).userInfo;
  const token = useSyncExternalStore(subscribeUser, userState).token;
  const menu = useSyncExternalStore(subscribeUser, loadedMenu);
  const settings = useSyncExternalStore(subscribeGlobal, globalState);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settingsUsed, setSettingsUsed] = useState(false);
  const drawer = settingsDrawer.useLoaded(settingsUsed);
  const { token: colors } = theme.useToken();
  const surface = { background: colors.colorBgContainer };
  const page = matchPage(pages, location.pathname);
  const items = useMemo(() => toMenuItems(menu ?? []), [menu]);
  const [openKeys, setOpenKeys] = useState<string[]>(() => openMenuKeys(pages, page));
  useWarmMenuPages(pages, menu);

  // Public pages such as home skip the guard's menu load; the frame still shows the user's menu.
  useEffect(() => {
    if (token && !menu) api.auth.getMenuList({}, { silent: true }).then(setLoadedMenu, () => undefined);
  }, [token, menu]);

  useEffect(() => {
    if (!menu) return;
    setAffixedTabs(affixedEntries(menu).map((e) => ({ path: e.path, fullPath: e.path, title: e.meta.title, affix: true })));
  }, [menu]);

  useEffect(() => {
    // The same list when nothing opens: a new one would redraw the whole frame on every change of address.
    setOpenKeys((keys) => {
      const added = openMenuKeys(pages, page).filter((k) => !keys.includes(k));
      return added.length > 0 ? [...keys, ...added] : keys;
    });
  }, [page, pages]);

  const account: MenuProps['items'] = [
    { key: 'personal', label: '个人中心', onClick: () => navigate('/personal') },
    {
      key: 'logout',
      label: '退出登录',
      onClick: async () => {
        await signOut();
        clearTabs();
        navigate(LOGIN_PATH);
      },
    },
  ];

  const selected = [page?.activeMenu ?? location.pathname];
  const vertical = settings.layout === 'vertical';
  const menuNode = vertical ? (
    <Menu mode="inline" selectedKeys={selected} openKeys={settings.isCollapse ? undefined : openKeys} onOpenChange={setOpenKeys} items={items} />
  ) : (
    <Menu mode="horizontal" selectedKeys={selected} items={items} className="ipm-top-menu" />
  );
  const crumbs = breadcrumbOf(pages, page);

  return (
    <Layout className="ipm-shell">
      {vertical && (
        // antd's "dark" sider is its navy one; dark mode comes from the dark algorithm, which darkens the light sider.
        <Layout.Sider
          width={220}
          collapsible
          collapsed={settings.isCollapse}
          trigger={null}
          theme="light"
          className="ipm-sider"
          breakpoint="lg"
          onBreakpoint={(broken) => broken && updateGlobalState({ isCollapse: true })}
        >
          <div className="ipm-logo">{settings.isCollapse ? 'IP' : PRODUCT_NAME}</div>
          {menuNode}
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header className="ipm-header" style={{ ...surface, borderBottom: `1px solid ${colors.colorBorderSecondary}` }}>
          <Space size="middle" className="ipm-header-left">
            {vertical ? (
              <Button
                type="text"
                aria-label={settings.isCollapse ? '展开菜单' : '折叠菜单'}
                icon={settings.isCollapse ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
                onClick={() => updateGlobalState({ isCollapse: !settings.isCollapse })}
              />
            ) : (
              <div className="ipm-logo">{PRODUCT_NAME}</div>
            )}
            {vertical && settings.breadcrumb && crumbs.length > 0 && <Breadcrumb items={crumbs.map((c) => ({ title: c.title }))} className="ipm-breadcrumb" />}
          </Space>
          {!vertical && menuNode}
          <Space>
            <Button
              type="text"
              aria-label="主题设置"
              icon={<SkinOutlined />}
              onClick={() => {
                setSettingsUsed(true);
                setSettingsOpen(true);
              }}
            />
            {user ? (
              <Dropdown menu={{ items: account }} trigger={['click']}>
                <Button type="text" icon={<UserOutlined />}>
                  <Typography.Text strong data-testid="current-user">
                    {user.name}
                  </Typography.Text>
                  <Typography.Text type="secondary" className="ipm-org-name">
                    {user.organisation.name}
                  </Typography.Text>
                </Button>
              </Dropdown>
            ) : (
              <Link to={LOGIN_PATH}>登录</Link>
            )}
          </Space>
        </Layout.Header>
        <TabVisit page={page} />
        {settings.tabs && user && <TagsView />}
        <Layout.Content className="ipm-content" style={surface}>
          <KeepAliveOutlet keepAlive={(path) => matchPage(pages, path)?.keepAlive === true} />
        </Layout.Content>
        {settings.footer && (
          <Layout.Footer className="ipm-footer">
            {PRODUCT_NAME} © {new Date().getFullYear()}
          </Layout.Footer>
        )}
      </Layout>
      {drawer && <drawer.SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />}
    </Layout>
  );
}

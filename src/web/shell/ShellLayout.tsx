import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Button, Dropdown, Layout, Menu, Space, Typography, type MenuProps } from 'antd';
import type { MenuEntry } from '../../generated/types.js';
import { PRODUCT_NAME } from '../../shared/product.js';
import { loadedMenu, setLoadedMenu, subscribeUser, userState } from '../session/userStore.js';
import { api } from '../http/httpClient.js';
import { signOut } from '../session/sessionActions.js';
import { LOGIN_PATH } from './navigationGuard.js';

type MenuItem = Required<MenuProps>['items'][number];

function toMenuItems(entries: MenuEntry[]): MenuItem[] {
  return entries
    .filter((e) => !e.meta.isHide)
    .map((e) => {
      const children = toMenuItems(e.children);
      return children.length > 0
        ? { key: e.path, label: e.meta.title, children }
        : { key: e.path, label: <Link to={e.path}>{e.meta.title}</Link> };
    });
}

/** The signed-in frame: menu from the server, header with the user, page in the middle. */
export function ShellLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = useSyncExternalStore(subscribeUser, userState);
  const menu = useSyncExternalStore(subscribeUser, loadedMenu);
  const items = useMemo(() => toMenuItems(menu ?? []), [menu]);
  const user = state.userInfo;

  // Public pages such as home skip the guard's menu load; the frame still shows the user's menu.
  useEffect(() => {
    if (state.token && !menu) api.auth.getMenuList({}, { silent: true }).then(setLoadedMenu, () => undefined);
  }, [state.token, menu]);

  const account: MenuProps['items'] = [
    {
      key: 'logout',
      label: '退出登录',
      onClick: async () => {
        await signOut();
        navigate(LOGIN_PATH);
      },
    },
  ];

  return (
    <Layout className="ipm-shell">
      <Layout.Sider width={220} breakpoint="lg" collapsedWidth={0} theme="light" className="ipm-sider">
        <div className="ipm-logo">{PRODUCT_NAME}</div>
        <Menu mode="inline" selectedKeys={[location.pathname]} items={items} />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="ipm-header">
          <span />
          {user ? (
            <Dropdown menu={{ items: account }} trigger={['click']}>
              <Button type="text">
                <Space>
                  <Typography.Text strong data-testid="current-user">
                    {user.name}
                  </Typography.Text>
                  <Typography.Text type="secondary">{user.organisation.name}</Typography.Text>
                </Space>
              </Button>
            </Dropdown>
          ) : (
            <Link to={LOGIN_PATH}>登录</Link>
          )}
        </Layout.Header>
        <Layout.Content className="ipm-content">
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

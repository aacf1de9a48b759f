import { useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Dropdown, Tabs } from 'antd';
import { closeOtherTabs, closeTab, openTabs, subscribeTabs } from './tabsStore.js';

/** 标签栏: one tab per opened page; affixed ones cannot be closed. */
export function TagsView() {
  const tabs = useSyncExternalStore(subscribeTabs, openTabs);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const close = (path: string) => {
    const next = closeTab(path, pathname);
    if (next) navigate(next);
  };
  return (
    <Tabs
      className="ipm-tags"
      size="small"
      type="editable-card"
      hideAdd
      activeKey={pathname}
      onChange={(key) => navigate(tabs.find((t) => t.path === key)?.fullPath ?? key)}
      onEdit={(key, action) => action === 'remove' && typeof key === 'string' && close(key)}
      items={tabs.map((t) => ({
        key: t.path,
        closable: !t.affix,
        label: (
          <Dropdown
            trigger={['contextMenu']}
            menu={{
              items: [
                { key: 'close', label: '关闭', disabled: t.affix, onClick: () => close(t.path) },
                { key: 'others', label: '关闭其他', onClick: () => (closeOtherTabs(t.path), navigate(t.fullPath)) },
              ],
            }}
          >
            <span>{t.title}</span>
          </Dropdown>
        ),
      }))}
    />
  );
}

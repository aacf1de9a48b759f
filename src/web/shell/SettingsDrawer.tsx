import { useSyncExternalStore } from 'react';
import { ColorPicker, Divider, Drawer, Segmented, Space, Switch, Typography, Button } from 'antd';
import { DEFAULT_GLOBAL_STATE, globalState, subscribeGlobal, updateGlobalState, type GlobalState } from '../theme/globalStore.js';

type Toggle = { key: keyof Pick<GlobalState, 'isDark' | 'isGrey' | 'isWeak' | 'isCollapse' | 'breadcrumb' | 'tabs' | 'footer'>; label: string };

const TOGGLES: Toggle[] = [
  { key: 'isDark', label: '暗黑模式' },
  { key: 'isGrey', label: '灰色模式' },
  { key: 'isWeak', label: '色弱模式' },
  { key: 'isCollapse', label: '折叠菜单' },
  { key: 'breadcrumb', label: '面包屑' },
  { key: 'tabs', label: '标签栏' },
  { key: 'footer', label: '页脚' },
];

/** 主题设置: every choice is saved to `store-global` at once and survives a reload. */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const settings = useSyncExternalStore(subscribeGlobal, globalState);
  return (
    <Drawer title="主题设置" open={open} onClose={onClose} width={320}>
      <Divider plain>布局</Divider>
      <Segmented
        block
        value={settings.layout}
        onChange={(value) => updateGlobalState({ layout: value as GlobalState['layout'] })}
        options={[
          { label: '纵向', value: 'vertical' },
          { label: '横向', value: 'transverse' },
        ]}
      />
      <Divider plain>主题</Divider>
      <Space direction="vertical" style={{ width: '100%' }}>
        <div className="ipm-setting-row">
          <Typography.Text>主题颜色</Typography.Text>
          <ColorPicker
            value={settings.primary}
            presets={[{ label: '推荐', colors: ['#ff7200', '#1677ff', '#00b96b', '#722ed1', '#eb2f96', '#fa541c'] }]}
            onChangeComplete={(color) => updateGlobalState({ primary: color.toHexString() })}
            aria-label="主题颜色"
          />
        </div>
        {TOGGLES.map((t) => (
          <div className="ipm-setting-row" key={t.key}>
            <Typography.Text>{t.label}</Typography.Text>
            <Switch aria-label={t.label} checked={settings[t.key]} onChange={(checked) => updateGlobalState({ [t.key]: checked })} />
          </div>
        ))}
      </Space>
      <Divider />
      <Button block onClick={() => updateGlobalState(DEFAULT_GLOBAL_STATE)}>
        恢复默认
      </Button>
    </Drawer>
  );
}

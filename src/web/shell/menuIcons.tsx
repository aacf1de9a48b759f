import {
  AlertOutlined,
  CopyrightOutlined,
  DesktopOutlined,
  ExperimentOutlined,
  FormOutlined,
  SafetyOutlined,
  SearchOutlined,
  SettingOutlined,
  ToolOutlined,
  TrademarkOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** The icons page schemas may name in `icon`. */
const ICONS: Record<string, ReactNode> = {
  AlertOutlined: <AlertOutlined />,
  CopyrightOutlined: <CopyrightOutlined />,
  DesktopOutlined: <DesktopOutlined />,
  ExperimentOutlined: <ExperimentOutlined />,
  FormOutlined: <FormOutlined />,
  SafetyOutlined: <SafetyOutlined />,
  SearchOutlined: <SearchOutlined />,
  SettingOutlined: <SettingOutlined />,
  ToolOutlined: <ToolOutlined />,
  TrademarkOutlined: <TrademarkOutlined />,
};

export function menuIcon(name: string | undefined): ReactNode {
  return name ? ICONS[name] : undefined;
}

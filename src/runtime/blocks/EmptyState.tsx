import type { ReactNode } from 'react';
import { Empty } from 'antd';
import type { EmptyStateProps } from '../../generated/types.js';

/** The default text of the empty-state widget (spec 000 §9). */
export const EMPTY_STATE_TEXT = '请先搜索商标';

const PRESET_IMAGES: Record<string, ReactNode> = {
  default: Empty.PRESENTED_IMAGE_DEFAULT,
  simple: Empty.PRESENTED_IMAGE_SIMPLE,
};

/** What an area shows before there is anything in it: a picture and one sentence. */
export function EmptyState({ description = EMPTY_STATE_TEXT, image = 'default', imageHeight }: EmptyStateProps) {
  return (
    <Empty
      className="ipm-empty-state"
      description={description}
      image={PRESET_IMAGES[image] ?? image}
      styles={imageHeight ? { image: { height: imageHeight } } : undefined}
    />
  );
}

import { Tag, type TagProps } from 'antd';
import { useReadableFill } from '../appearance.js';

/** antd's Tag in a colour chosen by data (a tag map's colour), with text that stays readable on it. */
export function ReadableTag({ fill, style, ...props }: Omit<TagProps, 'color'> & { fill?: string | null }) {
  const readable = useReadableFill(fill);
  return <Tag {...props} color={readable?.background} style={readable ? { ...style, color: readable.color } : style} />;
}

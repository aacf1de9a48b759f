import { useEffect, useState } from 'react';
import { Avatar, Space, Tooltip, Typography } from 'antd';
import type { AvatarBadgeProps } from '../../generated/types.js';
import { useReadableFill } from '../appearance.js';
import { avatarColor, avatarInitials } from './avatarText.js';

/** A person's head image, or the last two characters of the name on a coloured circle. */
export function AvatarBadge({ name, src, size = 40, showName = false }: AvatarBadgeProps) {
  const [failed, setFailed] = useState(false);
  // A new picture gets a new chance to load.
  useEffect(() => setFailed(false), [src]);
  const picture = src && !failed ? src : undefined;
  const fill = useReadableFill(picture ? undefined : avatarColor(name));
  const avatar = (
    <Avatar
      className="ipm-avatar-badge"
      size={size}
      src={picture}
      alt={name}
      aria-label={name}
      style={fill ? { backgroundColor: fill.background, color: fill.color, fontSize: Math.round(size * 0.36) } : undefined}
      onError={() => {
        setFailed(true);
        return false;
      }}
    >
      {avatarInitials(name)}
    </Avatar>
  );
  if (showName) {
    return (
      <Space size={8}>
        {avatar}
        <Typography.Text>{name}</Typography.Text>
      </Space>
    );
  }
  return <Tooltip title={name}>{avatar}</Tooltip>;
}

import { Typography } from 'antd';
import type { ComponentProps } from 'react';

/** antd's typography as plain components, so `x-content` becomes their text. */
export const Title = (props: ComponentProps<typeof Typography.Title>) => <Typography.Title {...props} />;
export const Paragraph = (props: ComponentProps<typeof Typography.Paragraph>) => <Typography.Paragraph {...props} />;
export const Text = (props: ComponentProps<typeof Typography.Text>) => <Typography.Text {...props} />;

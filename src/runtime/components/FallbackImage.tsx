import { Image, type ImageProps } from 'antd';
import { IMAGE_PLACEHOLDER } from '../blocks/imagePlaceholder.js';

/** An image that shows the placeholder picture when its own cannot be loaded (spec 000 §8). */
export function FallbackImage(props: ImageProps) {
  return <Image fallback={IMAGE_PLACEHOLDER} {...props} />;
}

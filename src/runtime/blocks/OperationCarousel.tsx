import { Carousel, Typography } from 'antd';
import { useNamedOperation } from '../useOperation.js';
import { useRuntime } from '../runtimeContext.js';
import { readPath } from './readPath.js';
import type { OperationCarouselProps } from '../../generated/types.js';

/** Slides from one operation's list, each optionally linking into the product. */
export function OperationCarousel({ operation, titleField, subtitleField, linkField, height = 160 }: OperationCarouselProps) {
  const runtime = useRuntime();
  const { data } = useNamedOperation<Record<string, unknown>[]>(operation, {});
  if (!data || data.length === 0) return null;
  return (
    <Carousel autoplay autoplaySpeed={5000} className="ipm-carousel">
      {data.map((slide, i) => {
        const link = linkField ? (readPath(slide, linkField) as string | null) : null;
        return (
          <div key={i}>
            <div
              className="ipm-slide"
              style={{ height, cursor: link ? 'pointer' : undefined }}
              onClick={() => link && runtime.navigate(link)}
              role={link ? 'link' : undefined}
            >
              <Typography.Title level={3} style={{ color: 'inherit', margin: 0 }}>
                {String(readPath(slide, titleField) ?? '')}
              </Typography.Title>
              {subtitleField && <div>{String(readPath(slide, subtitleField) ?? '')}</div>}
            </div>
          </div>
        );
      })}
    </Carousel>
  );
}

import { useEffect, useRef } from 'react';
import { echarts, type ChartInstance, type ChartOption } from './echartsCore.js';

interface EChartProps {
  option: ChartOption;
  height: number;
  /** The drawn chart, for saving it as a picture. */
  onReady(chart: ChartInstance | null): void;
}

/** One echarts canvas that follows its option and its box's width. */
export function EChart({ option, height, onReady }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ChartInstance | null>(null);
  useEffect(() => {
    const el = box.current!;
    chart.current = echarts.init(el, undefined, { renderer: 'canvas' });
    onReady(chart.current);
    const observer = new ResizeObserver(() => chart.current?.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      chart.current?.dispose();
      chart.current = null;
      onReady(null);
    };
    // The chart is made once; `onReady` is the card's setter and does not change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);
  return <div ref={box} className="report-chart" style={{ height }} />;
}

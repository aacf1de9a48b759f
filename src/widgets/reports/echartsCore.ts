// Only the charts and components the reports draw, so the chunk holds a fraction of echarts.
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export { echarts };
export type { EChartsCoreOption as ChartOption, ECharts as ChartInstance } from 'echarts/core';

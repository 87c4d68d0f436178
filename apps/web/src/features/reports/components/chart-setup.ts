import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';

// Only the pieces the report's two charts use, so that the rest of chart.js stays out of the bundle. Loaded by report-charts.tsx
// once the page is idle: the report's figures and tables show first, and chart.js is not evaluated in the screen's first task.
Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip, Legend);

export { Chart };

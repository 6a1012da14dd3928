/**
 * The usage chart of /billing: hours per app over the last 12 months, one stacked bar series per
 * app. Its own file so BillingPage imports it lazily: @mui/x-charts is loaded on /billing only,
 * never in the homepage's initial JS (issue 30 "Speed"). Screen readers get the figures from the
 * table BillingPage renders beside it.
 */
import { BarChart } from '@mui/x-charts/BarChart';
import type { UsageChartData } from '../model';

export function UsageChart({ data, describedBy }: { data: UsageChartData; describedBy: string }) {
  return (
    // An image to assistive technology, named, with the table as its description: the SVG's parts say nothing useful alone.
    <div role="img" aria-label="Usage hours per app over the last 12 months" aria-describedby={describedBy}>
      <BarChart
        height={280}
        xAxis={[{ scaleType: 'band', data: data.months.map((month) => month.label) }]}
        yAxis={[{ label: 'Hours', width: 56 }]}
        series={data.apps.map((app) => ({
          id: app.shopAlias,
          label: app.shopAlias,
          data: app.hours,
          stack: 'usage',
          valueFormatter: (value: number | null) => (value === null ? null : `${value.toFixed(2)} hours`),
        }))}
      />
    </div>
  );
}

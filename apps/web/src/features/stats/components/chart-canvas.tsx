import { type ChartConfiguration, type ChartType, Chart } from 'chart.js';
import { type ReactNode, useEffect, useRef } from 'react';
import '../stats.css';

/** A colour token as the page resolves it now (light-dark() picks the theme's side), as rgb() a canvas understands. */
function themeColour(name: string): string | undefined {
  const probe = document.createElement('span');
  probe.style.color = `var(${name})`;
  document.body.append(probe);
  const colour = getComputedStyle(probe).color;
  probe.remove();
  return colour || undefined;
}

/**
 * A chart.js chart on a canvas, described for assistive technology by `label` and by the data table in
 * `children` (visually hidden): a canvas alone says nothing to a screen reader.
 */
export function ChartCanvas<T extends ChartType>({
  config,
  label,
  children,
}: {
  config: ChartConfiguration<T>;
  label: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    // No 2D context (a test DOM, a very old browser): the table below still tells everything.
    if (!canvas || typeof canvas.getContext !== 'function' || !canvas.getContext('2d')) return;
    // Axes and grid in the theme's own muted colours, so they read in dark mode too.
    Chart.defaults.color = themeColour('--muted') ?? Chart.defaults.color;
    Chart.defaults.borderColor = themeColour('--border') ?? Chart.defaults.borderColor;
    const chart = new Chart(canvas, config as ChartConfiguration);
    return () => chart.destroy();
  }, [config]);
  return (
    <figure className="chart">
      <div className="chart-box">
        <canvas ref={ref} role="img" aria-label={label} />
      </div>
      <figcaption className="visually-hidden">{children}</figcaption>
    </figure>
  );
}

import { type ChartConfiguration, type ChartType, Chart } from 'chart.js';
import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A chart.js chart on a canvas, described for assistive technology by `label` and by the data table in
 * `children` (visually hidden): a canvas alone says nothing to a screen reader.
 */
export function ChartCanvas<T extends ChartType>({ config, label, children }: { config: ChartConfiguration<T>; label: string; children: ReactNode }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    // No 2D context (a test DOM, a very old browser): the table below still tells everything.
    if (!canvas || typeof canvas.getContext !== 'function' || !canvas.getContext('2d')) return;
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
